import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createPollCall } from '@sq/contract/polls/calls';
import type { CreatePollBody } from '@sq/contract/polls/create-poll';
import { callApi } from '../../../lib/api-client';
import { invalidatePollLists } from './list-polls';

/** POST /v1/polls → data.poll {_id, title}. */
export function useCreatePoll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePollBody) => callApi(createPollCall, body),
    onSuccess: () => invalidatePollLists(queryClient),
  });
}
