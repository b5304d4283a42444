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

  /** In the 退回 / 撤销 sheet: picks a common reason (or types one) and confirms. */
  async giveReason(reason: string, confirm: '确定退回' | '确定撤销', typed = false) {
    const sheet = this.page.locator('.reason-popup');
    if (typed) await sheet.getByPlaceholder('或填写其他原因').fill(reason);
    else await sheet.getByRole('button', { name: reason }).click();
    await sheet.getByRole('button', { name: confirm }).click();
  }
}
