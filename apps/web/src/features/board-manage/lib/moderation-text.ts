import { BOARD_KIND_NAMES, REPORT_REASON_NAMES, type BoardKind, type ReportReason } from '@sq/contract/board/board-rules';
import { beijingDate, beijingDateTime } from '@sq/contract/beijing-time';

/** What a queue item is, the way staff say it. */
export function targetLabel(target: 'post' | 'comment'): string {
  return target === 'post' ? '帖子' : '评论';
}

export function kindLabel(kind: string | null): string | null {
  return kind && kind in BOARD_KIND_NAMES ? BOARD_KIND_NAMES[kind as BoardKind] : null;
}

export interface HeldItem {
  heldReasons: string[];
  keywords: string[];
  reports: { reason: ReportReason; detail: string; count: number }[];
}

/**
 * Why an item waits, one line per cause, in Chinese: 关键词 with the words it matched, 含链接,
 * 被举报 with each reason and how many people gave it (and what they wrote, when they did).
 */
export function heldLines(item: HeldItem): string[] {
  const lines: string[] = [];
  for (const reason of item.heldReasons) {
    if (reason === 'keyword') lines.push(item.keywords.length ? `关键词：${item.keywords.join('、')}` : '含关键词');
    else if (reason === 'link') lines.push('含链接');
    else if (reason !== 'reports') lines.push(reason);
  }
  // Reports show even below the holding count: staff see why people complained either way.
  if (item.reports.length > 0) {
    const total = item.reports.reduce((n, r) => n + r.count, 0);
    const parts = item.reports.map((r) => `${REPORT_REASON_NAMES[r.reason] ?? r.reason}${r.count > 1 ? ` ×${r.count}` : ''}${r.detail ? `（${r.detail}）` : ''}`);
    lines.push(`被举报 ${total} 次：${parts.join('；')}`);
  } else if (item.heldReasons.includes('reports')) lines.push('被举报');
  return lines;
}

/** Unix seconds as Beijing `YYYY-MM-DD HH:mm`. */
export function timeOf(unixSeconds: number): string {
  return beijingDateTime(new Date(unixSeconds * 1000));
}

/** Unix seconds as the Beijing date they fall on (a pin or mute ends with that day). */
export function dateOf(unixSeconds: number): string {
  return beijingDate(new Date(unixSeconds * 1000));
}
