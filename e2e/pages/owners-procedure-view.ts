import type { Locator, Page } from 'playwright-core';

/** 表决程序 and 异议 on an owners' vote's page (/chiocevote), as staff and owners use them. */
export class OwnersProcedureView {
  readonly procedure: Locator;
  readonly objections: Locator;

  constructor(readonly page: Page) {
    this.procedure = page.getByRole('region', { name: '表决程序' });
    this.objections = page.getByRole('region', { name: '异议' });
  }

  /** 延期 by so many days with a reason, confirmed in the dialog. */
  async extend(days: number, reason: string) {
    await this.procedure.getByRole('button', { name: '延期' }).click();
    await this.procedure.getByRole('radio', { name: `${days}天` }).click();
    await this.procedure.getByPlaceholder('如：参与户数不足，延期一周').fill(reason);
    await this.procedure.getByRole('button', { name: '提交' }).click();
    await this.page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  }

  async object(text: string) {
    await this.objections.getByRole('textbox', { name: '异议内容' }).fill(text);
    await this.objections.getByRole('button', { name: '提交异议' }).click();
  }

  async answer(text: string) {
    await this.objections.getByRole('textbox', { name: '答复内容' }).first().fill(text);
    await this.objections.getByRole('button', { name: '答复' }).first().click();
  }
}
