import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VoteBody } from '@sq/contract/polls/vote-poll';
import { votePollCall } from '@sq/contract/polls/calls';
import { callApi } from '../../../lib/api-client';
import { invalidatePollLists } from './list-polls';
import { pollQueryKey } from './get-poll';

/** POST /v1/polls/vote; the answer is the reloaded detail (spec §7: on 200 the detail is reloaded). */
export function useVote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<VoteBody, 'id'>) => callApi(votePollCall, { ...body, id }),
    onSuccess: (detail) => {
      queryClient.setQueryData(pollQueryKey(id), detail);
      invalidatePollLists(queryClient);
    },
  });
}
