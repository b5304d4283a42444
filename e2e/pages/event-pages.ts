import type { Page } from 'playwright-core';

/** 社区活动's screens as residents and staff use them (issue 34). */
export class EventPages {
  constructor(readonly page: Page) {}

  async openDetail(id: string): Promise<void> {
    await this.page.goto(`/activitydetail?id=${id}`);
    await this.page.locator('.ev-detail-title').waitFor();
  }

  /** Taps 立即报名 (or 候补报名 when full) and confirms in the sheet. */
  async signUp(): Promise<void> {
    await this.page.locator('.ev-bar-button').click();
    await this.page.getByRole('button', { name: /确认(报名|候补)/ }).click();
    await this.mineBox.waitFor();
  }

  get mineBox() {
    return this.page.locator('.ev-mine-box');
  }

  async cancelSignup(): Promise<void> {
    await this.page.getByRole('button', { name: '取消报名' }).click();
    await this.page.locator('.adm-dialog-footer').getByRole('button', { name: '取消报名' }).click();
    await this.page.locator('.adm-toast-main', { hasText: '已取消报名' }).waitFor();
  }
}
