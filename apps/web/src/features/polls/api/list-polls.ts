import { useInfiniteQuery } from '@tanstack/react-query';
import { listPollsCall } from '@sq/contract/polls/calls';
import { POLL_LIST_PAGE_SIZE } from '@sq/contract/polls/list-polls';
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
