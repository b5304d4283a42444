import type { ReactNode } from 'react';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';

/** antd-mobile's PullToRefresh in residents' words; its own chunk (it brings an animation library). */
export default function Pull({ onRefresh, children }: { onRefresh: () => Promise<void>; children: ReactNode }) {
  return (
    <PullToRefresh onRefresh={onRefresh} pullingText="下拉刷新" canReleaseText="松开刷新" refreshingText="正在刷新…" completeText="已刷新">
      {children}
    </PullToRefresh>
  );
}
