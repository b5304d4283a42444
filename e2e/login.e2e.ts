import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { artifactPath, launchBrowser, phoneContext } from './support/browser';
import { startListeningApp, type ListeningApp } from '@sq/server/test/support/listening-app';
import { HomePage } from './pages/home-page';
import { LoginPage } from './pages/login-page';

let server: ListeningApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[];

beforeAll(async () => {
  [server, browser] = await Promise.all([startListeningApp(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
beforeEach(async () => {
  context = await phoneContext(browser, server.origin);
  page = await context.newPage();
  problems = [];
  // A CSP violation or a script error is a defect even when the page still looks right.
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 4\d\d/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
});
afterEach(async () => {
  await context.close();
  expect(problems).toEqual([]);
});

describe('logging in', () => {
  it('logs in with the SMS code and lands back on the referer', async () => {
    const login = new LoginPage(page);
    await login.openQuick('/?from=gate');
    await page.screenshot({ path: artifactPath('login-empty.png') });
    await expect(login.submit.isDisabled()).resolves.toBe(true);

    await login.logIn('13800000004');
    await page.waitForURL((url) => url.pathname === '/' && url.search === '?from=gate');
    const home = new HomePage(page);
    await expect(home.status.textContent()).resolves.toBe('已登录：138****0004');
    await page.screenshot({ path: artifactPath('home-logged-in.png') });

    // The history entry of the login page was replaced: back does not return to it.
    expect(await page.evaluate(() => history.length)).toBeLessThanOrEqual(2);
  });

  it('names an empty mobile, keeps the toast off the button, counts down after a reload, and leads back', async () => {
    const login = new LoginPage(page);
    await page.goto('/?poiId=DEMO000001');
    await page.goto('/login');
    await login.getCode.click();
    await login.toast('请输入手机号').waitFor();
    await expect(login.devCode.count()).resolves.toBe(0);

    await login.mobile.fill('13900000088');
    await login.getCode.click();
    await login.devCode.waitFor();
    const sent = login.toast('验证码已发送');
    await sent.waitFor();
    // The toast sits above the form: it covers neither the code field nor the login button.
    const toastBox = (await sent.boundingBox())!;
    for (const target of [login.code, login.submit]) {
      const box = (await target.boundingBox())!;
      expect(toastBox.y + toastBox.height <= box.y || box.y + box.height <= toastBox.y).toBe(true);
    }

    // A reload loses the page's countdown: the server says how long, and the button counts it down.
    await page.reload();
    await login.mobile.fill('13900000088');
    await login.getCode.click();
    await login.toast(/验证码发送过于频繁，请\d+秒后再试/).waitFor();
    await page.getByRole('button', { name: /\d+ 秒后重新获取/ }).waitFor();

    await page.getByRole('button', { name: '返回' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('poiId') === 'DEMO000001');
  });

  it('tells a wrong mobile in Chinese and sends nothing', async () => {
    const login = new LoginPage(page);
    await page.goto('/login');
    await login.mobile.fill('1234');
    await login.getCode.click();
    await login.toast('请输入正确的手机号').waitFor();
    await expect(login.devCode.count()).resolves.toBe(0);
  });

  it('shows the server message for a wrong code', async () => {
    const login = new LoginPage(page);
    await page.goto('/login');
    await login.mobile.fill('13800000002');
    await login.getCode.click();
    await login.devCode.waitFor();
    const shown = /(\d{6})/.exec((await login.devCode.textContent())!)![1]!;
    await login.code.fill(shown === '000000' ? '111111' : '000000');
    await login.submit.click();
    await login.toast('验证码错误或已失效，请核对或重新获取').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('never follows a referer to another site', async () => {
    const login = new LoginPage(page);
    await login.openQuick('//evil.example/phish');
    await login.logIn('13800000003');
    await page.waitForURL((url) => url.origin === server.origin && url.pathname === '/');
  });

  it('restores the login in a new page of the same browser, and logs out', async () => {
    const login = new LoginPage(page);
    await page.goto('/login');
    await login.logIn('13800000001');
    await page.waitForURL((url) => url.pathname === '/');
    // A page that lost its stored token (another tab, cleared storage) picks the session up again.
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    const home = new HomePage(page);
    await page.getByText('已登录：138****0001').waitFor();

    await home.logout.click();
    await page.getByText('未登录').waitFor();
    await page.reload();
    await page.getByText('未登录').waitFor();
  });

  it('shows a not-found page for an unknown address', async () => {
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    await page.getByText('页面不存在').waitFor();
    await page.getByRole('button', { name: '返回首页' }).or(page.getByRole('link', { name: '返回首页' })).first().click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});
