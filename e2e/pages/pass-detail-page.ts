import type { Locator, Page } from 'playwright-core';

/** /xxdetail: the staff view of a registration, or the person's own view. */
export class PassDetailPage {
  readonly privacy: Locator;
  readonly scanBanner: Locator;
  readonly status: Locator;
  readonly approve: Locator;
  readonly sendBack: Locator;
  readonly revoke: Locator;
  readonly result: Locator;

  constructor(readonly page: Page) {
    this.privacy = page.getByText('请保护用户隐私，不得非法复制、传播或使用用户信息');
    this.scanBanner = page.getByTestId('scan-banner');
    this.status = page.locator('.status-tag');
    this.approve = page.getByRole('button', { name: '通过' });
    this.sendBack = page.getByRole('button', { name: '退回' });
    this.revoke = page.getByRole('button', { name: '撤销通行证' });
    this.result = page.locator('.result-panel');
  }

  row(label: string): Locator {
    return this.page.locator('.info-row').filter({ has: this.page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');
  }

  /** Confirms the open Dialog.confirm. */
  async confirm(text = '确定') {
    await this.page.locator('.adm-dialog-body').getByRole('button', { name: text }).click();
  }
}
