import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addCommitteeMemberCall, getCommitteeCall, getOwnersSettingsCall, removeCommitteeMemberCall, saveOwnersSettingsCall } from '@sq/contract/polls/owners-roles';
import { callApi } from '../../../lib/api-client';

const settingsKey = (poiId: string) => ['manage', 'owners-settings', poiId] as const;
const committeeKey = (poiId: string) => ['manage', 'owners-committee', poiId] as const;

export function useOwnersSettings(poiId: string) {
  return useQuery({ queryKey: settingsKey(poiId), queryFn: ({ signal }) => callApi(getOwnersSettingsCall, { poiId }, { signal, silent: true }), enabled: poiId !== '' });
}
export function useCommittee(poiId: string) {
  return useQuery({ queryKey: committeeKey(poiId), queryFn: ({ signal }) => callApi(getCommitteeCall, { poiId }, { signal, silent: true }), enabled: poiId !== '' });
}

export function useSaveNoticeDays(poiId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noticeDays: number) => callApi(saveOwnersSettingsCall, { poiId, noticeDays }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKey(poiId) }),
  });
}
export function useAddCommitteeMember(poiId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (m: { name: string; mobile: string }) => callApi(addCommitteeMemberCall, { poiId, ...m }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: committeeKey(poiId) }),
  });
}
export function useRemoveCommitteeMember(poiId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(removeCommitteeMemberCall, { poiId, _id: id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: committeeKey(poiId) }),
  });
}
