import type { FrameLocator, Locator, Page } from 'playwright-core';

/** /svote, the poll creation form, on its own or inside a host page's iframe. */
export class PollCreateForm {
  readonly heading: Locator;
  readonly title: Locator;
  readonly info: Locator;
  readonly addOption: Locator;
  readonly deadline: Locator;
  readonly done: Locator;

  constructor(readonly root: Page | FrameLocator) {
    this.heading = root.locator('h1');
    this.title = root.getByPlaceholder('请输入投票标题');
    this.info = root.getByPlaceholder('投票描述（选填）');
    this.addOption = root.getByRole('button', { name: '添加选项' });
    this.deadline = root.getByRole('button', { name: /截止时间/ });
    this.done = root.getByRole('button', { name: '完成' });
  }

  option(n: number): Locator {
    return this.root.getByPlaceholder(`选项${n}`, { exact: true });
  }

  deleteOption(n: number): Locator {
    return this.root.getByRole('button', { name: `删除选项${n}` });
  }

  /** Opens the picker and confirms what it offers (a week ahead, 20:00 Beijing time). */
  async pickSuggestedDeadline() {
    await this.deadline.click();
    await this.root.getByRole('group', { name: '选择截止时间（北京时间）' }).getByRole('button', { name: '确定' }).click();
  }

  async fill(title: string, options: string[]) {
    await this.title.fill(title);
    for (const [i, text] of options.entries()) {
      if (i >= 2) await this.addOption.click();
      await this.option(i + 1).fill(text);
    }
  }

  toast(text: string): Locator {
    return this.root.locator('.adm-toast-main').filter({ hasText: text });
  }
}
