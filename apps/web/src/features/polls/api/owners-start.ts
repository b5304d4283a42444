import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createPollCall } from '@sq/contract/polls/calls';
import { getOwnersStartCall } from '@sq/contract/polls/owners-start';
import { callApi } from '../../../lib/api-client';
import type { OwnersVoteBody } from '../components/owners-vote-form';
import { invalidatePollLists } from './list-polls';

/**
 * Whether the caller may start an owners' vote in the community, and in whose name (the server
 * decides). Silent: a resident who may not (or is not of this community) simply sees no entry.
 */
export function useOwnersStart(poiId: string | null, enabled = true) {
  return useQuery({
    queryKey: ['polls', 'ownersStart', poiId],
    queryFn: ({ signal }) => callApi(getOwnersStartCall, { poiId: poiId! }, { signal, silent: true }),
    enabled: enabled && Boolean(poiId),
    staleTime: 60_000,
    retry: false,
  });
}

/** POST /v1/polls as an owners' vote of the community (a committee member's or staff's). */
export function useStartOwnersVote(poiId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OwnersVoteBody) => callApi(createPollCall, { ...body, owners: true, poiId }),
    onSuccess: () => invalidatePollLists(queryClient),
  });
}
