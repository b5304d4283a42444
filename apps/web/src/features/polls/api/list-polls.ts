import { useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { listPollsCall } from '@sq/contract/polls/calls';
import { POLL_LIST_PAGE_SIZE } from '@sq/contract/polls/poll-rules';
import { callApi } from '../../../lib/api-client';

/** /chiocelist: my polls page by page; a short page is the last one. */
export function useMyPolls() {
  return useInfiniteQuery({
    queryKey: ['polls', 'mine'],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => callApi(listPollsCall, { page: pageParam }, { signal }),
    getNextPageParam: (last, _all, page) => (last.polls.length < POLL_LIST_PAGE_SIZE ? undefined : page + 1),
  });
}

/** After a vote or a new poll: my list and the community's (/vote) show it on their next look. */
export function invalidatePollLists(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: ['polls', 'mine'] });
  void queryClient.invalidateQueries({ queryKey: ['polls', 'community'] });
}
