import type { Locator, Page } from 'playwright-core';

/** /polldesk: 纸质票与委托 of an owners' vote, as a manager uses it. */
export class BallotDeskPage {
  readonly paperHome: Locator;
  readonly paperPhoto: Locator;
  readonly enterPaper: Locator;
  readonly paperList: Locator;
  readonly refusedList: Locator;
  readonly proxyList: Locator;

  constructor(readonly page: Page) {
    this.paperHome = page.getByLabel('纸质票的房屋');
    this.paperPhoto = page.getByLabel('拍摄签字的纸质票');
    this.enterPaper = page.getByRole('button', { name: '录入纸质票' });
    this.paperList = page.getByRole('region', { name: /已录入的纸质票/ });
    this.refusedList = page.getByRole('region', { name: /未计入及已作废的票/ });
    this.proxyList = page.getByRole('region', { name: /^委托（/ });
  }

  choice(title: string): Locator {
    return this.page.getByRole('radiogroup', { name: '表决意见' }).getByRole('radio', { name: title });
  }

  /** Picks the home, the choice and the photo, then taps 录入纸质票. */
  async paper(home: string, choice: string, photo: Buffer) {
    await this.paperHome.selectOption({ label: home });
    await this.choice(choice).click();
    await this.paperPhoto.setInputFiles({ name: '纸质票.png', mimeType: 'image/png', buffer: photo });
    await this.page.locator('.desk-photo img').first().waitFor();
    await this.enterPaper.click();
  }

  /** Taps 作废 beside a home's paper ballot, gives the reason and confirms. */
  async voidPaper(home: string, reason: string) {
    await this.paperList.getByRole('listitem').filter({ hasText: home }).getByRole('button', { name: '作废' }).click();
    await this.page.getByLabel(`${home} 纸质票的作废理由`).fill(reason);
    await this.page.getByRole('button', { name: '确认作废' }).click();
  }

  /** Records a written authorisation: the home, the proxy's mobile and the photo, then 录入书面委托. */
  async written(home: string, mobile: string, photo: Buffer) {
    const form = this.page.getByRole('region', { name: '录入书面委托' });
    await this.page.getByLabel('委托的房屋').selectOption({ label: home });
    await this.page.getByRole('textbox', { name: '委托人的手机号' }).fill(mobile);
    await this.page.getByLabel('拍摄委托书').setInputFiles({ name: '委托书.png', mimeType: 'image/png', buffer: photo });
    await form.locator('.desk-photo img').waitFor();
    await form.getByRole('button', { name: '录入书面委托' }).click();
  }

  /** Taps 撤销委托 beside a home's written authorisation, gives the reason (maybe none) and confirms. */
  async withdrawWritten(home: string, reason: string) {
    await this.proxyList.getByRole('listitem').filter({ hasText: home }).getByRole('button', { name: '撤销委托' }).click();
    await this.page.getByLabel(`${home} 书面委托的撤销理由`).fill(reason);
    await this.page.getByRole('button', { name: '确认撤销' }).click();
  }
}
