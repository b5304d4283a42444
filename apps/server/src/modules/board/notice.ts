import type { ContentStatus } from '@sq/contract/board/board-rules';

/** Why content waits, as its author reads it (the first reason that applies). */
const HELD_BECAUSE: Record<string, string> = {
  reports: '多位邻居举报了这条内容，已暂时隐藏，等待工作人员处理',
  keyword: '内容含有需要审核的词语，工作人员审核通过后才会显示',
  link: '内容含有链接，工作人员审核通过后才会显示',
};

/**
 * What the author of a held or removed post or comment is told (null when it shows to all):
 * a removal's reason as staff wrote it.
 */
export function noticeOf(status: string, heldReasons: readonly string[], removedReason: string | null): string | null {
  if (status === 'removed') return `已被工作人员删除${removedReason ? `，原因：${removedReason}` : ''}`;
  if (status !== 'held') return null;
  const first = ['reports', 'keyword', 'link'].find((r) => heldReasons.includes(r));
  return first ? HELD_BECAUSE[first]! : '内容正在等待工作人员审核';
}

export const asStatus = (s: string) => s as ContentStatus;
export const unixSeconds = (at: Date) => Math.floor(at.getTime() / 1000);
