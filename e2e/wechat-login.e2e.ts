import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWechat } from '@sq/server/test/support/fake-wechat';
import { startListeningApp, type ListeningApp } from '@sq/server/test/support/listening-app';
import { artifactPath, launchBrowser, phoneContext } from './support/browser';
import { LoginPage } from './pages/login-page';
import { PassPage } from './pages/pass-page';

/** WeChat's own browser, as phones in China report it. */
const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; V2148A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 MMWEBID/1234 MicroMessenger/8.0.47.2560(0x28002F37) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';

let wx: Awaited<ReturnType<typeof startFakeWechat>>;
let server: ListeningApp;
let browser: Browser;
beforeAll(async () => {
  wx = await startFakeWechat();
  [server, browser] = await Promise.all([startListeningApp({ env: wx.env }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await wx?.close();
});

describe('WeChat login in the WeChat browser', () => {
  it('offers WeChat first, binds it with one SMS check, takes the name from WeChat, and then logs in with WeChat alone', async () => {
    wx.state.person = 'o_e2e_resident';
    wx.state.nickname = '陈明';
    const context = await phoneContext(browser, server.origin, WECHAT_UA);
    const page = await context.newPage();
    const login = new LoginPage(page);
    await login.openQuick('/pcheck?poiId=DEMO000001&state=1');
    const wechatButton = page.getByRole('button', { name: '微信一键登录' });
    await wechatButton.waitFor();
    // First on the page: above the mobile field.
    expect((await wechatButton.boundingBox())!.y).toBeLessThan((await login.mobile.boundingBox())!.y);
    await page.screenshot({ path: artifactPath('login-wechat.png') });

    await wechatButton.click();
    // Back from WeChat with a WeChat not yet bound: prove the mobile once.
    await page.getByText('首次使用微信登录，请验证手机号').waitFor();
    expect(new URL(page.url()).searchParams.get('wx')).toBeTruthy();
    await login.logIn('13800000004');
    // Bound; WeChat is asked for the name, and the pass opens logged in.
    await page.waitForURL((u) => u.pathname === '/pcheck' && u.searchParams.get('poiId') === 'DEMO000001');
    await new PassPage(page).qr.waitFor();
    await context.close();

    // Another day, a fresh WeChat browser: one tap, no SMS.
    const later = await phoneContext(browser, server.origin, WECHAT_UA);
    // The page comes back holding only the session cookie; a slow start-up check must not lose
    // the race with the page's own first request (which then went without a token, to the login).
    await later.route('**/v1/mobile/community/userInfo?ckdata=1', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    const again = await later.newPage();
    await new LoginPage(again).openQuick('/pcheck?poiId=DEMO000001&state=1');
    await again.getByRole('button', { name: '微信一键登录' }).click();
    await again.waitForURL((u) => u.pathname === '/pcheck');
    await new PassPage(again).qr.waitFor();
    await expect(again.evaluate(() => localStorage.getItem('userMobile'))).resolves.toBe('13800000004');

    // 我的信息: the person unbinds WeChat; the next WeChat login asks for the mobile again.
    await again.goto('/mydata?poiId=DEMO000001');
    await again.getByText('已绑定').waitFor();
    await again.getByRole('button', { name: '解除微信绑定' }).click();
    await again.getByRole('dialog').getByRole('button', { name: '解除绑定' }).click();
    await again.getByText('已解除微信绑定').waitFor();
    await again.getByText('未绑定').waitFor();
    await later.close();
    const third = await phoneContext(browser, server.origin, WECHAT_UA);
    const fresh = await third.newPage();
    await new LoginPage(fresh).openQuick('/pcheck?poiId=DEMO000001&state=1');
    await fresh.getByRole('button', { name: '微信一键登录' }).click();
    await fresh.getByText('首次使用微信登录，请验证手机号').waitFor();
    await third.close();
  });

  it('is not offered outside WeChat, and tells the person when WeChat login did not complete', async () => {
    const context = await phoneContext(browser, server.origin);
    const page = await context.newPage();
    await page.goto('/login');
    await new LoginPage(page).mobile.waitFor();
    await expect(page.getByRole('button', { name: '微信一键登录' }).count()).resolves.toBe(0);
    await page.goto('/login?wxerr=1');
    await page.getByText('微信登录未完成，请重试或使用手机号登录').waitFor();
    await context.close();
  });
});
