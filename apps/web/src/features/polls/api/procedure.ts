import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cancelOwnersVoteCall, extendOwnersVoteCall } from '@sq/contract/polls/owners-procedure';
import { addOfficerCall, getProcedureCall, removeOfficerCall, type OfficerRole } from '@sq/contract/polls/owners-roles';
import { correctRollCall } from '@sq/contract/polls/owners-corrections';
import { answerObjectionCall, listObjectionsCall, sendObjectionCall } from '@sq/contract/polls/owners-objections';
import { callApi } from '../../../lib/api-client';
import { pollQueryKey } from './get-poll';

const procedureKey = (id: string) => ['polls', 'procedure', id] as const;
const objectionsKey = (id: string) => ['polls', 'objections', id] as const;

/** An owners' vote's procedure: issuer, officers, corrections, what the viewer may do. */
export function useProcedure(id: string) {
  return useQuery({ queryKey: procedureKey(id), queryFn: ({ signal }) => callApi(getProcedureCall, { id }, { signal, silent: true }), enabled: id !== '' });
}

export function useObjections(id: string, enabled: boolean) {
  return useQuery({ queryKey: objectionsKey(id), queryFn: ({ signal }) => callApi(listObjectionsCall, { id }, { signal, silent: true }), enabled: enabled && id !== '' });
}

/** A mutation of the vote's procedure that reloads the vote and its procedure afterwards. */
function useProcedureChange<T, R>(id: string, run: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pollQueryKey(id) }),
        queryClient.invalidateQueries({ queryKey: procedureKey(id) }),
        queryClient.invalidateQueries({ queryKey: objectionsKey(id) }),
      ]),
  });
}

export const useExtendVote = (id: string) => useProcedureChange(id, (body: { end_time: string; reason: string }) => callApi(extendOwnersVoteCall, { id, ...body }));
export const useCancelVote = (id: string) => useProcedureChange(id, (reason: string) => callApi(cancelOwnersVoteCall, { id, reason }));
export const useAddOfficer = (id: string) => useProcedureChange(id, (body: { role: OfficerRole; name: string; mobile: string }) => callApi(addOfficerCall, { id, ...body }));
export const useRemoveOfficer = (id: string) => useProcedureChange(id, (officer: string) => callApi(removeOfficerCall, { id, _id: officer }));
export const useCorrectRoll = (id: string) => useProcedureChange(id, (body: { label: string; reason: string }) => callApi(correctRollCall, { id, ...body }));
export const useSendObjection = (id: string) => useProcedureChange(id, (text: string) => callApi(sendObjectionCall, { id, text }));
export const useAnswerObjection = (id: string) => useProcedureChange(id, (body: { _id: string; answer: string }) => callApi(answerObjectionCall, { id, ...body }));
