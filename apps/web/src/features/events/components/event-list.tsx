import type { ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { EventCard as Card } from '@sq/contract/events/events';
import { EmptyState } from '../../../components/empty-state';
import { ListLoading, LoadMore } from '../../../components/load-more';
import { EventCard } from './event-card';
import { EventsRefusal } from './events-refusal';

type Page = { events: (Card & { community?: string })[] };

/** Event cards page by page (the list, search results, mine): more as the reader scrolls, the empty and failed states in place. */
export function EventList({ query, empty }: { query: UseInfiniteQueryResult<InfiniteData<Page>>; empty: ReactNode }) {
  if (query.isError) return <EventsRefusal error={query.error} onRetry={() => void query.refetch()} />;
  const events = query.data?.pages.flatMap((p) => p.events) ?? [];
  if (query.isSuccess && events.length === 0) return <>{empty}</>;
  return (
    <>
      <ul className="ev-list" aria-busy={query.isPending}>
        {events.map((e) => (
          <li key={e.id}>
            <EventCard event={e} community={e.community} />
          </li>
        ))}
      </ul>
      {query.isPending ? <ListLoading /> : <LoadMore hasMore={query.hasNextPage} loading={query.isFetchingNextPage} onMore={() => void query.fetchNextPage()} />}
    </>
  );
}

export const NoEvents = ({ title, children }: { title?: string; children?: ReactNode }) => <EmptyState title={title}>{children}</EmptyState>;
