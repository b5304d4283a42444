import type { ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { EmptyState } from '../../../components/empty-state';
import { BoardRefusal } from './board-refusal';
import { ListLoading, LoadMore } from '../../../components/load-more';
import { PostCard } from './post-card';
import type { PostCardData } from './types';

type Page = { posts: PostCardData[]; pinned?: PostCardData[] };

/**
 * A list of post cards page by page (the feed, search results, a person's posts): pinned posts
 * first, more as the reader scrolls, an empty state, and the server's refusal in place of the list.
 */
export function PostList({
  query,
  empty,
  keyword,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page>>;
  empty: ReactNode;
  keyword?: string;
}) {
  if (query.isError) return <BoardRefusal error={query.error} onRetry={() => void query.refetch()} />;
  const pinned = query.data?.pages[0]?.pinned ?? [];
  const pinnedIds = new Set(pinned.map((p) => p.id));
  // A pinned post is on the first page of its tab too: shown once, on top.
  const posts = [...pinned, ...(query.data?.pages.flatMap((p) => p.posts) ?? []).filter((p) => !pinnedIds.has(p.id))];
  if (query.isSuccess && posts.length === 0) return <>{empty}</>;
  return (
    <>
      <ul className="bd-list" aria-busy={query.isPending}>
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} keyword={keyword} />
          </li>
        ))}
      </ul>
      {query.isPending ? <ListLoading /> : <LoadMore hasMore={query.hasNextPage} loading={query.isFetchingNextPage} onMore={() => void query.fetchNextPage()} />}
    </>
  );
}

export const NoPosts = ({ title, children }: { title?: string; children?: ReactNode }) => <EmptyState title={title}>{children}</EmptyState>;
