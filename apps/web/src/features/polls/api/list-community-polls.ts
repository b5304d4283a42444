import { useInfiniteQuery } from '@tanstack/react-query';
import { listCommunityPollsCall } from '@sq/contract/polls/calls';
import { POLL_LIST_PAGE_SIZE } from '@sq/contract/polls/poll-rules';
import { callApi } from '../../../lib/api-client';

/** /vote: the community's polls and owners' votes page by page; a short page is the last one. */
export function useCommunityPolls(poiId: string | null, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['polls', 'community', poiId],
    initialPageParam: 1,
    // Silent: the page says in place why it cannot list them (not a resident, no community).
    queryFn: ({ pageParam, signal }) => callApi(listCommunityPollsCall, { poiId: poiId!, page: pageParam }, { signal, silent: true }),
    getNextPageParam: (last, _all, page) => (last.polls.length < POLL_LIST_PAGE_SIZE ? undefined : page + 1),
    enabled: enabled && Boolean(poiId),
    // A 403 (not a resident) or 404 will not change by asking again.
    retry: false,
  });
}
