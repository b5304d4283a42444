import type { Download, Locator, Page } from 'playwright-core';

/** 登记记录 (/records) and 出入记录 (/crrecords): lists with tabs, search, scroll and export. */
export class ManageRecordsPage {
  readonly search: Locator;
  readonly searchButton: Locator;
  readonly rows: Locator;
  readonly exportButton: Locator;
  readonly end: Locator;
  readonly privacy: Locator;

  constructor(readonly page: Page) {
    this.search = page.getByPlaceholder('搜索姓名、手机号或身份证号');
    this.searchButton = page.getByRole('button', { name: '搜索', exact: true });
    this.rows = page.locator('ul.mg-list > li');
    this.exportButton = page.getByRole('button', { name: '导出' });
    this.end = page.getByText('我已经到底了...');
    this.privacy = page.getByRole('note').filter({ hasText: '请保护用户隐私，不得非法复制、传播或使用用户信息' });
  }

  openRecords(poiId: string) {
    return this.page.goto(`/records?poiId=${poiId}`);
  }

  openLogs(poiId: string) {
    return this.page.goto(`/crrecords?poiId=${poiId}`);
  }

  tab(title: '待审核' | '已通过' | '已退回'): Locator {
    return this.page.locator('.adm-tabs-tab').filter({ hasText: title });
  }

  /** The number in a tab's title, e.g. 3 for 待审核(3). */
  async tabCount(title: '待审核' | '已通过' | '已退回'): Promise<number> {
    const text = (await this.tab(title).textContent()) ?? '';
    const match = /\((\d+)\)/.exec(text);
    if (!match) throw new Error(`no count in ${text}`);
    return Number(match[1]);
  }

  /** Scrolls until the list says it has reached the end. */
  async scrollToEnd() {
    for (let i = 0; i < 20 && !(await this.end.isVisible()); i++) {
      await this.page.mouse.wheel(0, 4000);
      await this.page.waitForTimeout(250);
    }
    await this.end.waitFor();
  }

  /** Starts an export, picking `choice` when the role offers one, and returns the download. */
  async export(choice?: '导出（隐藏手机号、身份证号）' | '导出完整信息'): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.exportButton.click();
    if (choice) await this.page.locator('.adm-action-sheet-button-item').filter({ hasText: choice }).click();
    return download;
  }
}
