import type { Host } from '../../../lib/native-bridge';

/** WeChat's in-app browser (微信内置浏览器) and its version, from the user agent; null outside it. */
export function wechatVersion(userAgent: string): string | null {
  const m = /MicroMessenger\/([\d.]+)/i.exec(userAgent);
  return m ? m[1]! : /MicroMessenger/i.test(userAgent) ? '' : null;
}

export interface EnvironmentFacts {
  userAgent: string;
  host: Host;
  /** A native shell's login is present (never the token itself). */
  nativeLoggedIn: boolean;
  /** The embedding page's origin (document.referrer's), when framed. */
  parentOrigin: string | null;
  /** Opened from the home screen (display-mode standalone). */
  standalone: boolean;
}

/** Where the page runs, in words a support agent asks about: WeChat, a native shell, an iframe, the home screen. */
export function describeEnvironment(f: EnvironmentFacts): string {
  const parts: string[] = [];
  if (f.host === 'android' || f.host === 'ios') {
    parts.push(`${f.host === 'android' ? '安卓' : '苹果'}客户端内（${f.nativeLoggedIn ? '客户端已登录' : '客户端未登录'}）`);
  }
  const wechat = wechatVersion(f.userAgent);
  if (wechat !== null) parts.push(wechat ? `微信内置浏览器 ${wechat}` : '微信内置浏览器');
  if (f.host === 'iframe') parts.push(f.parentOrigin ? `嵌入在其他网页中（${f.parentOrigin}）` : '嵌入在其他网页中');
  if (f.standalone) parts.push('从手机桌面图标打开');
  if (!parts.length) parts.push('手机浏览器');
  return parts.join('；');
}

const version = (m: RegExpExecArray | null, i = 1) => (m ? m[i]!.replaceAll('_', '.') : '');

/** The system and its version: Android 14, iOS 17.1, HarmonyOS 4.0 … */
export function describeSystem(ua: string): string {
  let m: RegExpExecArray | null;
  if ((m = /(?:HarmonyOS|OpenHarmony)[ /]?([\d.]+)?/i.exec(ua))) return `鸿蒙 HarmonyOS ${m[1] ?? ''}`.trim();
  if ((m = /Android[ /]([\d.]+)/i.exec(ua))) return `Android ${version(m)}`;
  if ((m = /(?:iPhone|CPU) OS ([\d_]+)/i.exec(ua))) return `iOS ${version(m)}`;
  if (/iPad|iPhone|iPod/i.test(ua)) return 'iOS';
  if ((m = /Windows NT ([\d.]+)/i.exec(ua))) return `Windows ${m[1]}`;
  if ((m = /Mac OS X ([\d_]+)/i.exec(ua))) return `macOS ${version(m)}`;
  if (/Linux/i.test(ua)) return 'Linux';
  return '未知系统';
}

/** The browser and its version; the in-app browsers people in China use first. */
export function describeBrowser(ua: string): string {
  const known: [RegExp, string][] = [
    [/MicroMessenger\/([\d.]+)/i, '微信'],
    [/MQQBrowser\/([\d.]+)/i, 'QQ浏览器'],
    [/UCBrowser\/([\d.]+)/i, 'UC浏览器'],
    [/Quark\/([\d.]+)/i, '夸克'],
    [/HuaweiBrowser\/([\d.]+)/i, '华为浏览器'],
    [/MiuiBrowser\/([\d.]+)/i, '小米浏览器'],
    [/HeyTapBrowser\/([\d.]+)/i, 'OPPO浏览器'],
    [/VivoBrowser\/([\d.]+)/i, 'vivo浏览器'],
    [/SamsungBrowser\/([\d.]+)/i, '三星浏览器'],
    [/EdgA?\/([\d.]+)/i, 'Edge'],
    [/(?:CriOS|Chrome)\/([\d.]+)/i, 'Chrome'],
    [/Firefox\/([\d.]+)/i, 'Firefox'],
    [/Version\/([\d.]+).*Safari/i, 'Safari'],
  ];
  for (const [pattern, name] of known) {
    const m = pattern.exec(ua);
    if (m) return `${name} ${m[1]!.split('.').slice(0, 2).join('.')}`;
  }
  return '未知浏览器';
}

export interface DeviceFacts {
  userAgent: string;
  width: number;
  height: number;
  pixelRatio: number;
  language: string;
  timeZone: string;
}

/**
 * The phone's time zone as its offset from UTC (`Date#getTimezoneOffset`'s minutes, west positive):
 * UTC+8 is Beijing time. Not Intl's zone name: the first Intl call loads the locale data, ~20 ms
 * here and a long task on a slow phone, in the page's first render.
 */
export function utcOffsetLabel(offsetMinutes: number): string {
  const east = -offsetMinutes;
  const hours = Math.floor(Math.abs(east) / 60);
  const minutes = Math.abs(east) % 60;
  return `UTC${east < 0 ? '-' : '+'}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

/** One line: system, browser, screen in CSS pixels and its density, language and time zone. */
export function describeDevice(f: DeviceFacts): string {
  const ratio = Math.round(f.pixelRatio * 100) / 100;
  return [describeSystem(f.userAgent), describeBrowser(f.userAgent), `屏幕 ${f.width}×${f.height}（${ratio} 倍）`, `语言 ${f.language}`, `时区 ${f.timeZone}`].join('；');
}
