import type { FrameLocator, Locator, Page } from 'playwright-core';

/** /chiocevote as a voter sees it, on its own or inside a host page's iframe. */
export class PollView {
  readonly title: Locator;
  readonly options: Locator;
  readonly voteButton: Locator;
  readonly votedNotice: Locator;
  readonly expiredNotice: Locator;
  readonly followPrompt: Locator;
  /** An owners' vote repeats the choice and the homes back before casting (issue 37 item 7). */
  readonly confirmDialog: Locator;

  constructor(readonly root: Page | FrameLocator) {
    this.title = root.locator('h1');
    this.options = root.getByTestId('poll-option');
    this.voteButton = root.getByRole('button', { name: '投票', exact: true });
    this.votedNotice = root.getByRole('status').filter({ hasText: '你已投票' });
    this.expiredNotice = root.getByRole('status').filter({ hasText: '投票已过期' });
    this.followPrompt = root.getByRole('dialog', { name: '关注公众号' });
    this.confirmDialog = root.getByRole('dialog', { name: '确认投票' });
  }

  option(title: string): Locator {
    return this.options.filter({ hasText: title });
  }

  /** Picks the options (by title) and taps 投票. */
  async vote(...titles: string[]) {
    for (const t of titles) await this.option(t).click();
    await this.voteButton.click();
  }

  /** An owners' vote: picks the choice, taps 投票, then 确认投票 in the confirmation. */
  async castOwners(title: string) {
    await this.vote(title);
    await this.confirmDialog.getByRole('button', { name: '确认投票' }).click();
  }

  /** What one option shows: its votes, its percentage and whether it carries (已选); null without results. */
  async result(title: string): Promise<{ votes: number; percent: number; chosen: boolean } | null> {
    const text = (await this.option(title).textContent()) ?? '';
    const m = /(\d+)票\s*(\d+)%/.exec(text);
    return m ? { votes: Number(m[1]), percent: Number(m[2]), chosen: text.includes('(已选)') } : null;
  }

  toast(text: string): Locator {
    return this.root.locator('.adm-toast-main').filter({ hasText: text });
  }
}
