import type { Locator, Page } from 'playwright-core';

/** The community home (/) as a resident uses it. */
export class ResidentsHome {
  readonly communityName: Locator;
  readonly addInfo: Locator;
  readonly status: Locator;

  constructor(readonly page: Page) {
    this.communityName = page.locator('.sq-home-name');
    this.addInfo = page.getByRole('button', { name: '补充信息' });
    this.status = page.getByTestId('login-status');
  }

  tab(name: '社区' | '街道'): Locator {
    return this.page.getByRole('tab', { name });
  }

  entry(department: string): Locator {
    return this.page.getByRole('article', { name: department });
  }

  async correct(department: string) {
    await this.entry(department).getByRole('button', { name: '纠错' }).click();
  }

  shortcut(label: string): Locator {
    return this.page.locator('.sq-shortcuts').getByRole('link', { name: label });
  }

  toast(text: string): Locator {
    return this.page.locator('.adm-toast-main').filter({ hasText: text });
  }
}
