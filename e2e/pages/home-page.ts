import type { Locator, Page } from 'playwright-core';

export class HomePage {
  readonly status: Locator;
  readonly logout: Locator;
  readonly login: Locator;

  constructor(readonly page: Page) {
    this.status = page.getByTestId('login-status');
    this.logout = page.getByRole('button', { name: '退出登录' });
    this.login = page.getByRole('button', { name: '登录' });
  }
}
