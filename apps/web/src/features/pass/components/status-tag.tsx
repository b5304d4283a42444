import { STATUS_LABEL } from '@sq/contract/pass/registration-schemas';

const TONE: Record<number, string> = { 0: 'pending', 1: 'approved', [-1]: 'returned' };

/** 待审核 orange, 已通过 green, 已退回 grey. */
export function StatusTag({ status }: { status: number }) {
  return <span className={`status-tag status-tag-${TONE[status] ?? 'returned'}`}>{STATUS_LABEL[status] ?? '未知'}</span>;
}
