import type { Locator, Page } from 'playwright-core';

type CheckId = 'network' | 'clock' | 'camera' | 'location' | 'notifications' | 'storage';
type State = 'running' | 'ok' | 'warn' | 'fail';

/** /test, 自助检测: rows of checks with their state, the verdict, the copy button and the report box. */
export class SelfCheckPage {
  readonly verdict: Locator;
  readonly copy: Locator;
  readonly rerun: Locator;
  readonly report: Locator;
  readonly reportNote: Locator;

  constructor(readonly page: Page) {
    this.verdict = page.getByTestId('self-check-verdict');
    this.copy = page.getByRole('button', { name: '复制检测结果' });
    this.rerun = page.getByRole('button', { name: '重新检测' });
    this.report = page.getByRole('textbox', { name: '检测结果全文' });
    this.reportNote = page.locator('.sc-report-note');
  }

  async open() {
    await this.page.goto('/test');
    await this.finished();
  }

  row(id: CheckId): Locator {
    return this.page.locator(`[data-check="${id}"]`);
  }

  state(id: CheckId): Promise<State> {
    return this.row(id).getAttribute('data-state') as Promise<State>;
  }

  /** Every check has answered (none 检测中). */
  async finished() {
    await this.page.locator('[data-check]').first().waitFor();
    await this.page.waitForFunction(() => document.querySelectorAll('[data-state="running"]').length === 0, undefined, { timeout: 20_000 });
  }

  summary(id: CheckId): Promise<string | null> {
    return this.row(id).locator('.sc-row-summary').textContent();
  }
}
