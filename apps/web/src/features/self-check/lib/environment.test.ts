import { describe, expect, it } from 'vitest';
import { describeBrowser, describeDevice, describeEnvironment, describeSystem, utcOffsetLabel, wechatVersion } from './environment';

const WECHAT_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; V2307A Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/122.0.6261.120 Mobile Safari/537.36 XWEB/1220133 MMWEBSDK/20240404 MMWEBID/1234 MicroMessenger/8.0.50.2640(0x2800323B) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';
const WECHAT_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/4G Language/zh_CN';
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1';
const HUAWEI = 'Mozilla/5.0 (Linux; Android 12; HarmonyOS; NOH-AN00; HMSCore 6.13.0.302) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.5735.196 HuaweiBrowser/15.0.4.312 Mobile Safari/537.36';

describe('where the page runs', () => {
  it('finds WeChat’s browser and its version by MicroMessenger in the user agent', () => {
    expect(wechatVersion(WECHAT_ANDROID)).toBe('8.0.50.2640');
    expect(wechatVersion(WECHAT_IOS)).toBe('8.0.49');
    expect(wechatVersion(SAFARI)).toBeNull();
  });

  it('names a native shell (with whether it is logged in), WeChat, a frame and its parent, the home screen', () => {
    const base = { userAgent: SAFARI, host: 'browser' as const, nativeLoggedIn: false, parentOrigin: null, standalone: false };
    expect(describeEnvironment(base)).toBe('手机浏览器');
    expect(describeEnvironment({ ...base, userAgent: WECHAT_IOS })).toBe('微信内置浏览器 8.0.49');
    expect(describeEnvironment({ ...base, host: 'android', nativeLoggedIn: true })).toBe('安卓客户端内（客户端已登录）');
    expect(describeEnvironment({ ...base, host: 'ios' })).toBe('苹果客户端内（客户端未登录）');
    expect(describeEnvironment({ ...base, host: 'iframe', parentOrigin: 'https://partner.example' })).toBe('嵌入在其他网页中（https://partner.example）');
    expect(describeEnvironment({ ...base, userAgent: WECHAT_ANDROID, host: 'iframe' })).toBe('微信内置浏览器 8.0.50.2640；嵌入在其他网页中');
    expect(describeEnvironment({ ...base, standalone: true })).toBe('从手机桌面图标打开');
  });
});

describe('the device', () => {
  it('names the system and the browser people in China use', () => {
    expect(describeSystem(WECHAT_ANDROID)).toBe('Android 14');
    expect(describeSystem(WECHAT_IOS)).toBe('iOS 17.1.2');
    expect(describeSystem(HUAWEI)).toBe('鸿蒙 HarmonyOS');
    expect(describeBrowser(WECHAT_ANDROID)).toBe('微信 8.0');
    expect(describeBrowser(SAFARI)).toBe('Safari 16.6');
    expect(describeBrowser(HUAWEI)).toBe('华为浏览器 15.0');
    expect(describeBrowser('Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36')).toBe('Chrome 120.0');
  });

  it('sums it up on one line', () => {
    expect(describeDevice({ userAgent: WECHAT_IOS, width: 375, height: 812, pixelRatio: 3, language: 'zh-CN', timeZone: 'UTC+8' })).toBe(
      'iOS 17.1.2；微信 8.0；屏幕 375×812（3 倍）；语言 zh-CN；时区 UTC+8',
    );
  });

  it('gives the time zone as its offset from UTC, Beijing time as UTC+8', () => {
    expect([-480, 0, 300, -330, 570].map(utcOffsetLabel)).toEqual(['UTC+8', 'UTC+0', 'UTC-5', 'UTC+5:30', 'UTC-9:30']);
  });
});
