import type { Locator, Page } from 'playwright-core';
import { toast } from '../support/phones';

/** 出入登记 / 信息登记 (/addmsg), as a person fills it in. */
export class PassRegisterPage {
  readonly name: Locator;
  readonly mobile: Locator;
  readonly card: Locator;
  readonly address: Locator;
  readonly company: Locator;
  readonly reason: Locator;
  readonly returnFrom: Locator;
  readonly flight: Locator;
  readonly submit: Locator;
  readonly confirmDialog: Locator;
  /** The tick under the privacy notice (not shown when staff register someone else). */
  readonly consent: Locator;

  constructor(readonly page: Page) {
    this.name = page.getByPlaceholder('请输入姓名');
    this.mobile = page.getByRole('textbox', { name: '手机号', exact: true });
    this.card = page.getByPlaceholder('请输入身份证号');
    this.address = page.getByPlaceholder('请输入地址');
    this.company = page.getByPlaceholder('请输入公司名称');
    this.reason = page.getByPlaceholder('请输入来访事由');
    this.returnFrom = page.getByPlaceholder('请输入从何地返京');
    this.flight = page.getByPlaceholder('航班号或车次（选填）');
    this.submit = page.getByRole('button', { name: '提交登记' });
    this.confirmDialog = page.locator('.adm-dialog-body').filter({ hasText: '请核对登记信息' });
    this.consent = page.locator('.reg-consent-tick');
  }

  /** Chooses a document type from its sheet (one tap on the line). */
  async chooseCardType(label: string) {
    await this.page.locator('.adm-form-item').filter({ hasText: /^证件类型/ }).first().click();
    await this.page.locator('.adm-action-sheet').getByRole('option', { name: label, exact: true }).click();
    await this.page.locator('.adm-action-sheet').waitFor({ state: 'hidden' });
  }

  /** Chooses a nationality by typing part of its name, as a person would. */
  async chooseNationality(search: string, name: string) {
    await this.page.locator('.adm-form-item').filter({ hasText: /^国籍/ }).first().click();
    const sheet = this.page.locator('.country-picker');
    await sheet.getByRole('searchbox').or(sheet.locator('input')).first().fill(search);
    await sheet.locator('.adm-list-item').filter({ hasText: new RegExp(`^${name}`) }).first().click();
    await sheet.waitFor({ state: 'hidden' });
  }

  async open(poiId: string, managerMode = false) {
    await this.page.goto(`/addmsg?poiId=${poiId}${managerMode ? '&glmsk=1' : ''}`);
    await this.submit.or(this.page.getByText('我的登记')).first().waitFor();
  }

  /** Taps one of the chips (身份, 是/否, 交通方式). */
  async choose(label: string) {
    await this.page.locator('.adm-selector-item').filter({ hasText: new RegExp(`^${label}$`) }).click();
  }

  /** Opens the date line `label` and confirms the picker's first offered day. */
  async pickDate(label: string) {
    await this.page.locator('.adm-form-item').filter({ hasText: label }).first().click();
    const popup = this.page.locator('.adm-picker').filter({ hasText: label });
    await popup.getByText('确定').click();
    await popup.waitFor({ state: 'hidden' });
  }

  /**
   * Submits and expects `message` (the first failing rule) under its line – not in a toast, which
   * would lie over the fields to correct.
   */
  async expectMessage(message: string) {
    await this.submit.click();
    // Each step's message differs from the one before, so a lingering one cannot pass for it.
    await this.page.locator('.reg-error[role="alert"]').filter({ hasText: message }).waitFor();
    if (await toast(this.page, message).count()) throw new Error(`${message} shown in a toast over the form`);
  }

  /** The boxes of the visible text inputs that the shown message overlaps (none, when it sits under its line). */
  async fieldsCoveredByMessage(): Promise<string[]> {
    return this.page.evaluate(() => {
      const message = document.querySelector('.reg-error[role="alert"]')?.getBoundingClientRect();
      if (!message) return [];
      const hits: string[] = [];
      for (const input of Array.from(document.querySelectorAll('input, textarea'))) {
        const r = input.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        if (r.left < message.right && message.left < r.right && r.top < message.bottom && message.top < r.bottom) hits.push(input.getAttribute('placeholder') ?? input.id);
      }
      return hits;
    });
  }

  dateValue(label: string): Locator {
    return this.page.locator('.adm-form-item').filter({ hasText: label }).locator('.reg-picked, .reg-placeholder');
  }
}
