import type { ContentStatus } from '@sq/contract/board/board-rules';
import { BoardMsg } from '@sq/contract/board/board-rules';

const TITLE: Partial<Record<ContentStatus, string>> = { held: '审核中，仅自己可见', removed: '已被管理员删除，仅自己可见' };

/** To its author: why their post or comment is not shown to others (held for review, removed). */
export function StatusNotice({ status, notice }: { status: ContentStatus; notice: string | null }) {
  const title = TITLE[status];
  if (!title) return null;
  return (
    <p className={`bd-status bd-status-${status}`} role="note">
      <strong>{title}</strong>
      {notice ?? (status === 'held' ? BoardMsg.held : '')}
    </p>
  );
}
