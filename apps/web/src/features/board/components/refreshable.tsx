import type { ReactNode } from 'react';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';

/** Pull down to read the list again (antd-mobile PullToRefresh), in the words residents know. */
export function Refreshable({ onRefresh, children }: { onRefresh: () => Promise<void>; children: ReactNode }) {
  return (
    <PullToRefresh onRefresh={onRefresh} pullingText="下拉刷新" canReleaseText="松开刷新" refreshingText="正在刷新…" completeText="已刷新">
      {children}
    </PullToRefresh>
  );
}
