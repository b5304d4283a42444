import { useInfiniteQuery } from '@tanstack/react-query';
import type { BoardKind } from '@sq/contract/board/board-rules';
import { listPersonPostsCall, listPostsCall, searchPostsCall } from '@sq/contract/board/calls';
import { callApi } from '../../../lib/api-client';
import { boardKeys } from './board-keys';

// Silent: the pages say in place why a list cannot be shown (not joined: the server's words).
const quiet = (signal: AbortSignal) => ({ signal, silent: true });
const nextOf = (last: { next: string | null }) => last.next ?? undefined;

/** /stick: the community's posts page by page; the first page also brings the pinned ones. */
export function useBoardFeed(poiId: string | null, kind: BoardKind | null) {
  return useInfiniteQuery({
    queryKey: boardKeys.feed(poiId, kind),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => callApi(listPostsCall, { poiId: poiId!, kind: kind ?? undefined, cursor: pageParam }, quiet(signal)),
    getNextPageParam: nextOf,
    enabled: Boolean(poiId),
    // A 403 (not joined) will not change by asking again.
    retry: false,
  });
}

/** /searchlist: posts and comments holding the keyword; an empty keyword lists the latest. */
export function useBoardSearch(poiId: string | null, keyword: string, kind: BoardKind | null) {
  return useInfiniteQuery({
    queryKey: boardKeys.search(poiId, keyword, kind),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      callApi(searchPostsCall, { poiId: poiId!, keyword, kind: kind ?? undefined, cursor: pageParam }, quiet(signal)),
    getNextPageParam: nextOf,
    enabled: Boolean(poiId),
    retry: false,
  });
}

/** /stick/wwear/{openId}: one person's posts here (their own view with what is held or removed). */
export function usePersonPosts(poiId: string | null, openId: string) {
  return useInfiniteQuery({
    queryKey: boardKeys.person(poiId, openId),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => callApi(listPersonPostsCall, { poiId: poiId!, openId, cursor: pageParam }, quiet(signal)),
    getNextPageParam: nextOf,
    enabled: Boolean(poiId) && openId !== '',
    retry: false,
  });
}
