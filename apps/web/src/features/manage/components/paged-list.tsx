import type { ReactNode } from 'react';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import { EmptyState } from '../../../components/empty-state';
import { listEnd } from './list-end';
import { LoadFailure, MissingCommunity } from './load-failure';
import './manage-ui.css';

/** What PagedList needs of an infinite query (TanStack's useInfiniteQuery result has it). */
export interface Pages {
  error: Error | null;
  refetch(): unknown;
  hasNextPage: boolean;
  fetchNextPage(options: { throwOnError: true }): Promise<unknown>;
}

interface PagedListProps<T> {
  poiId: string;
  pages: Pages;
  /** The rows loaded so far; undefined while the first page loads. */
  rows: T[] | undefined;
  /** Nothing to show because the first page failed. */
  failed: boolean;
  /** Names the list for screen readers. */
  label: string;
  empty: { title: string; hint?: ReactNode };
  children: (row: T) => ReactNode;
}

/**
 * A staff list's body (登记记录, 出入记录): a missing community, a failure with a retry, loading,
 * empty, or the rows with the next page fetched on scrolling to the end and the spec's end line.
 */
export function PagedList<T>({ poiId, pages, rows, failed, label, empty, children }: PagedListProps<T>) {
  if (!poiId) return <MissingCommunity />;
  if (failed && pages.error) return <LoadFailure error={pages.error} onRetry={() => void pages.refetch()} />;
  if (!rows) {
    return (
      <p className="mg-loading" role="status">
        正在加载…
      </p>
    );
  }
  if (rows.length === 0) {
    return (
      <div className="mg-card">
        <EmptyState title={empty.title}>{empty.hint}</EmptyState>
      </div>
    );
  }
  return (
    <>
      <ul className="mg-list" aria-label={label}>
        {rows.map(children)}
      </ul>
      <InfiniteScroll
        loadMore={async () => {
          await pages.fetchNextPage({ throwOnError: true });
        }}
        hasMore={pages.hasNextPage}
      >
        {listEnd}
      </InfiniteScroll>
    </>
  );
}
