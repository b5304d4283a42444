import type { Locator, Page } from 'playwright-core';

/** /vote, 社区投票: starting a poll, the community's polls and mine. */
export class VoteHomePage {
  readonly createSingle: Locator;
  readonly createMultiple: Locator;
  readonly summary: Locator;

  constructor(readonly page: Page) {
    this.createSingle = page.getByRole('link', { name: '单选投票' });
    this.createMultiple = page.getByRole('link', { name: '多选投票' });
    this.summary = page.locator('.vote-home-summary');
  }

  tab(name: '本小区' | '我的投票'): Locator {
    return this.page.getByRole('tab', { name });
  }

  /** The list of a tab (本小区的投票 or 我的投票). */
  list(name: '本小区的投票' | '我的投票'): Locator {
    return this.page.getByRole('list', { name });
  }

  /** A poll's card (a link to it) by its title. */
  poll(title: string): Locator {
    return this.page.getByRole('link', { name: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
  }
}
