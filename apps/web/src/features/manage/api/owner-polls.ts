import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createPollCall, listOwnerPollsCall } from '@sq/contract/polls/calls';
import type { CreatePollBody } from '@sq/contract/polls/create-poll';
import { callApi } from '../../../lib/api-client';

const ownerPollsKey = (poiId: string) => ['manage', 'ownerPolls', poiId] as const;

/** 业主表决 of one community, for its staff. */
export function useOwnerPolls(poiId: string) {
  return useQuery({
    queryKey: ownerPollsKey(poiId),
    queryFn: ({ signal }) => callApi(listOwnerPollsCall, { poiId }, { signal, silent: true }),
    enabled: poiId !== '',
  });
}

export function useCreateOwnersVote(poiId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreatePollBody, 'owners' | 'poiId' | 'options' | 'type'>) => callApi(createPollCall, { ...body, owners: true, poiId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownerPollsKey(poiId) }),
  });
}
