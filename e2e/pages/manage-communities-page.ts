import type { Locator, Page } from 'playwright-core';

/** 小区列表 (/gllist) as an administrator uses it. */
export class ManageCommunitiesPage {
  readonly mobile: Locator;
  readonly logout: Locator;
  readonly search: Locator;
  readonly rows: Locator;
  readonly empty: Locator;
  readonly privacy: Locator;

  constructor(readonly page: Page) {
    this.mobile = page.getByTestId('manager-mobile');
    this.logout = page.getByRole('button', { name: '退出登录' });
    this.search = page.getByPlaceholder('请输入小区名称');
    this.rows = page.locator('table tbody tr');
    this.empty = page.getByText('暂无数据~');
    this.privacy = page.getByRole('note').filter({ hasText: '请保护用户隐私' });
  }

  open() {
    return this.page.goto('/gllist');
  }

  row(community: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('rowheader', { name: community }) });
  }

  /** The registration and entry-log counts shown in one community's row. */
  async counts(community: string): Promise<{ registrations: number; logs: number }> {
    const cells = this.row(community).getByRole('cell');
    return { registrations: Number(await cells.nth(0).textContent()), logs: Number(await cells.nth(1).textContent()) };
  }

  async filter(text: string) {
    await this.search.fill(text);
    await this.search.press('Enter');
  }
}
