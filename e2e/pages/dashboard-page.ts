import type { Locator, Page } from 'playwright-core';

/** 统计概览 (/dashboard) as a community manager or administrator reads it. */
export class DashboardPage {
  readonly entriesToday: Locator;
  readonly exitsToday: Locator;
  readonly waiting: Locator;
  readonly charts: Locator;

  constructor(readonly page: Page) {
    this.entriesToday = page.locator('.db-in .db-total-n');
    this.exitsToday = page.locator('.db-out .db-total-n');
    this.waiting = page.getByRole('region', { name: '等待最久的审核' }).getByRole('listitem');
    this.charts = page.locator('.db-chart canvas[role="img"]');
  }

  open(poiId?: string) {
    return this.page.goto(poiId ? `/dashboard?poiId=${poiId}` : '/dashboard');
  }

  /** The count on one status tile of 登记情况 (待审核, 已通过, 已退回). */
  async status(label: string): Promise<number> {
    const tile = this.page.getByRole('region', { name: '登记情况' }).locator('.db-status').filter({ hasText: label });
    return Number(await tile.locator('.db-status-n').textContent());
  }

  range(days: 7 | 30) {
    return this.page.getByRole('button', { name: `近${days}天` });
  }
}
