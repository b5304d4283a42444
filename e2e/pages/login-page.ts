import type { Locator, Page } from 'playwright-core';

/** The login screen (/login and /quickLogin?referer=…), as a person uses it. */
export class LoginPage {
  readonly mobile: Locator;
  readonly code: Locator;
  readonly getCode: Locator;
  readonly submit: Locator;
  readonly devCode: Locator;

  constructor(readonly page: Page) {
    this.mobile = page.getByPlaceholder('请输入手机号');
    this.code = page.getByPlaceholder('请输入验证码');
    this.getCode = page.getByRole('button', { name: '获取验证码' });
    this.submit = page.getByRole('button', { name: '登录' });
    this.devCode = page.getByRole('status').filter({ hasText: '开发环境验证码' });
  }

  async openQuick(referer: string) {
    await this.page.goto(`/quickLogin?referer=${encodeURIComponent(referer)}`);
  }

  /** Types the mobile, asks for a code and logs in with the code the development provider shows. */
  async logIn(mobile: string) {
    await this.mobile.fill(mobile);
    await this.getCode.click();
    await this.devCode.waitFor();
    const shown = /(\d{6})/.exec((await this.devCode.textContent()) ?? '')?.[1];
    if (!shown) throw new Error('no development code shown');
    if ((await this.code.inputValue()) !== shown) throw new Error('the code was not filled in');
    await this.submit.click();
  }

  toast(text: string | RegExp): Locator {
    return this.page.locator('.adm-toast-main').filter({ hasText: text });
  }
}
