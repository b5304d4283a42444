import { statusLabel } from '@sq/contract/pass/registration-schemas';

const TONE: Record<number, string> = { 0: 'pending', 1: 'approved', [-1]: 'returned' };

/** 待审核 orange, 已通过 green, 已退回 grey, 已撤销 red (a pass taken back, not a form to fix). */
export function StatusTag({ status, revoked = false }: { status: number; revoked?: boolean }) {
  const tone = status === -1 && revoked ? 'revoked' : (TONE[status] ?? 'returned');
  return <span className={`status-tag status-tag-${tone}`}>{statusLabel({ status, revoked }) || '未知'}</span>;
}
