import type { Locator, Page } from 'playwright-core';

/** 执勤者管理 (/zqzmg) and 添加执勤者 (/addnew). */
export class ManageStaffPage {
  readonly people: Locator;
  readonly add: Locator;
  readonly name: Locator;
  readonly mobile: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.people = page.getByRole('list', { name: '执勤者列表' }).getByRole('listitem');
    this.add = page.getByRole('link', { name: /^添加执勤者/ });
    this.name = page.getByPlaceholder('请输入执勤者姓名');
    this.mobile = page.getByPlaceholder('请输入手机号');
    this.submit = page.getByRole('button', { name: '确认添加' });
  }

  open(poiId: string) {
    return this.page.goto(`/zqzmg?poiId=${poiId}`);
  }

  person(name: string): Locator {
    return this.people.filter({ hasText: name });
  }

  level(label: '执勤者' | '社区经理'): Locator {
    return this.page.locator('.adm-selector-item').filter({ hasText: label });
  }

  async fill(name: string, mobile: string) {
    await this.name.fill(name);
    await this.mobile.fill(mobile);
  }

  /** Deletes a person through the confirmation dialog. */
  async remove(name: string) {
    await this.person(name).getByRole('button', { name: '删除' }).click();
    await this.page.locator('.adm-dialog').getByRole('button', { name: '删除' }).click();
  }
}
