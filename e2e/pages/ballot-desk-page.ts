import type { Locator, Page } from 'playwright-core';

/** /polldesk: 纸质票与委托 of an owners' vote, as a manager uses it. */
export class BallotDeskPage {
  readonly paperHome: Locator;
  readonly paperPhoto: Locator;
  readonly enterPaper: Locator;
  readonly paperList: Locator;
  readonly refusedList: Locator;

  constructor(readonly page: Page) {
    this.paperHome = page.getByLabel('纸质票的房屋');
    this.paperPhoto = page.getByLabel('拍摄签字的纸质票');
    this.enterPaper = page.getByRole('button', { name: '录入纸质票' });
    this.paperList = page.getByRole('region', { name: /已录入的纸质票/ });
    this.refusedList = page.getByRole('region', { name: /未计入及已作废的票/ });
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
}
