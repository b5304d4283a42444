import { useEffect, useRef } from 'react';
import './list-helpers.css';

/**
 * Loads the next page when the end of a list comes near (IntersectionObserver, 600 px ahead).
 * Not antd-mobile's InfiniteScroll: in this build its chunk arrives with an animation library
 * (~22 KB gzip), which the first-load budgets of /stick and /activity cannot carry. A button is there too, for
 * readers whose browser has no observer and for screen readers.
 */
export function LoadMore({ hasMore, loading, onMore }: { hasMore: boolean; loading: boolean; onMore: () => void }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const more = useRef(onMore);
  useEffect(() => {
    more.current = onMore;
  });
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && more.current(), { rootMargin: '600px 0px' });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loading]);

  return (
    <div ref={sentinel} className="sq-list-end" aria-live="polite">
      {loading ? (
        '加载中…'
      ) : hasMore ? (
        <button type="button" className="sq-list-more" onClick={onMore}>
          加载更多
        </button>
      ) : (
        // Spec §8's words for the end of a list.
        '我已经到底了...'
      )}
    </div>
  );
}

/**
 * The first page's loading line. Not LoadMore with `loading`: that line would be pushed down by the
 * page's arrival – a layout shift (CLS 0.06 on /stick, Lighthouse) – while this one is removed and
 * LoadMore appears below the list as a new element, which moves nothing.
 */
export const ListLoading = () => (
  <div className="sq-list-end" role="status">
    加载中…
  </div>
);
