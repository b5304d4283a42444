import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPollCall } from '@sq/contract/polls/calls';
import { callApi } from '../../../lib/api-client';

export const pollQueryKey = (id: string) => ['polls', 'detail', id] as const;

/** GET /v1/polls/{id}: anyone may look; with a login it also says what this user chose. */
export const pollQueryOptions = (id: string) =>
  queryOptions({
    queryKey: pollQueryKey(id),
    // Silent: the page shows what went wrong in place of the poll, a toast would say it twice.
    queryFn: ({ signal }) => callApi(getPollCall, { id }, { signal, silent: true }),
    // Other people vote while this page is open: refresh when the user comes back to it.
    staleTime: 5_000,
  });

export const usePoll = (id: string) => useQuery({ ...pollQueryOptions(id), enabled: id !== '' });
