import { useEffect, useRef, useState, type ReactNode } from 'react';
import './list-helpers.css';

/** How far to pull (after damping) before letting go refreshes, in px. */
const TRIGGER = 60;
const MAX = 90;

type State = 'idle' | 'pulling' | 'ready' | 'refreshing' | 'done';
const WORDS: Record<State, string> = { idle: '', pulling: '下拉刷新', ready: '松开刷新', refreshing: '正在刷新…', done: '已刷新' };

/**
 * Pull down at the top of the list to read it again. A few lines of its own rather than
 * antd-mobile's PullToRefresh: that one brings an animation and a gesture library (~30 KB gzip)
 * that the first-load budgets of /stick and /activity cannot carry, and loading it later swapped the list under the
 * reader's finger. The phone's own pull-to-reload is held off on this page.
 */
export function Refreshable({ onRefresh, children }: { onRefresh: () => Promise<void>; children: ReactNode }) {
  const [pull, setPull] = useState(0);
  const [state, setState] = useState<State>('idle');
  const start = useRef<number | null>(null);

  useEffect(() => {
    const root = document.documentElement;
    const before = root.style.overscrollBehaviorY;
    root.style.overscrollBehaviorY = 'contain';
    return () => {
      root.style.overscrollBehaviorY = before;
    };
  }, []);

  const end = async () => {
    if (start.current === null) return;
    start.current = null;
    if (state !== 'ready') {
      setPull(0);
      setState('idle');
      return;
    }
    setState('refreshing');
    setPull(44);
    try {
      await onRefresh();
    } finally {
      setState('done');
      window.setTimeout(() => {
        setPull(0);
        setState('idle');
      }, 500);
    }
  };

  return (
    <div
      onTouchStart={(e) => {
        if (state === 'idle' && window.scrollY <= 0) start.current = e.touches[0]!.clientY;
      }}
      onTouchMove={(e) => {
        if (start.current === null) return;
        const dy = e.touches[0]!.clientY - start.current;
        if (dy <= 0) return setPull(0);
        const shown = Math.min(dy * 0.5, MAX);
        setPull(shown);
        setState(shown >= TRIGGER ? 'ready' : 'pulling');
      }}
      onTouchEnd={() => void end()}
      onTouchCancel={() => void end()}
    >
      <div className={`sq-pull${state === 'pulling' || state === 'ready' ? ' sq-pull-moving' : ''}`} style={{ height: pull }} aria-live="polite">
        {WORDS[state]}
      </div>
      {children}
    </div>
  );
}
