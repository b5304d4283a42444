import type { FrameLocator, Locator, Page } from 'playwright-core';
import { PollCreateForm } from './poll-create-form';
import { PollView } from './poll-view';

/** /embed-demo: the host page that embeds polls through /embed/poll.js. */
export class PollEmbedDemo {
  readonly createSingle: Locator;
  readonly createMultiple: Locator;
  readonly log: Locator;
  readonly pollFrames: Locator;

  constructor(readonly page: Page) {
    this.createSingle = page.getByRole('button', { name: '创建单选投票' });
    this.createMultiple = page.getByRole('button', { name: '创建多选投票' });
    this.log = page.getByTestId('host-log');
    this.pollFrames = page.locator('[data-testid="embedded-poll"] iframe');
  }

  async open(pollIds: string[] = []) {
    const query = pollIds.map((id) => `poll=${encodeURIComponent(id)}`).join('&');
    await this.page.goto(`/embed-demo${query ? `?${query}` : ''}`);
  }

  createForm(): PollCreateForm {
    return new PollCreateForm(this.page.frameLocator('[data-testid="create-slot"] iframe'));
  }

  poll(index = 0): PollView {
    return new PollView(this.frame(index));
  }

  private frame(index: number): FrameLocator {
    return this.page.frameLocator('[data-testid="embedded-poll"] iframe').nth(index);
  }
}
