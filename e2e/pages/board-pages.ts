import type { Page } from 'playwright-core';

/** 邻里圈's screens as a resident uses them (issue 33). */
export class BoardPages {
  constructor(readonly page: Page) {}

  card(text: string) {
    return this.page.locator('article.bd-card').filter({ hasText: text });
  }

  get publishButton() {
    return this.page.getByRole('link', { name: '发帖' });
  }

  /** On /tpush: agrees to the rules when asked (only before a first post). */
  async acceptRulesIfAsked(): Promise<void> {
    const agree = this.page.getByRole('button', { name: '同意并继续' });
    const form = this.page.getByLabel('内容');
    await Promise.race([agree.waitFor(), form.waitFor()]);
    if (await agree.isVisible()) await agree.click();
    await form.waitFor();
  }

  kind(name: string) {
    return this.page.locator('.bd-kind-option').filter({ hasText: name });
  }

  get photoInput() {
    return this.page.locator('input[type=file]');
  }

  get likeButton() {
    return this.page.locator('.bd-actions button[aria-pressed]');
  }

  comment(text: string) {
    return this.page.locator('.bd-comment').filter({ hasText: text });
  }
}
