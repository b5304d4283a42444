import type { Locator, Page } from 'playwright-core';

/** 邻里圈管理 (/stickmanage) as a community manager uses it. */
export class BoardManagePage {
  readonly queue: Locator;
  readonly sheet: Locator;

  constructor(readonly page: Page) {
    this.queue = page.getByRole('list', { name: '待处理的帖子和评论' }).locator(':scope > li');
    this.sheet = page.locator('.bm-sheet');
  }

  open(poiId: string, tab?: string) {
    return this.page.goto(`/stickmanage?poiId=${poiId}${tab ? `&tab=${tab}` : ''}`);
  }

  tab(title: string): Locator {
    return this.page.locator('.adm-tabs-tab').filter({ hasText: title });
  }

  /** The queue's item whose text holds `text`. */
  item(text: string): Locator {
    return this.queue.filter({ hasText: text });
  }

  /** Tapped in the open sheet (a preset, 确认删除, 确认置顶 …). */
  sheetButton(name: string | RegExp): Locator {
    return this.sheet.getByRole('button', { name });
  }

  /** A post's line in 置顶 (置顶中 or 最新帖子). */
  post(text: string): Locator {
    return this.page.locator('.bm-post').filter({ hasText: text });
  }
}
