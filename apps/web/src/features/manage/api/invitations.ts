import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelInvitationCall, listCommunityInvitationsCall, saveVisitSettingsCall } from '@sq/contract/visits/invitations';
import { callApi } from '../../../lib/api-client';

const key = (poiId: string) => ['manage', 'invitations', poiId];

/** 访客邀请 of the community, newest first, 20 a page; with the community's 免填证件 setting. */
export function useCommunityInvitations(poiId: string) {
  return useInfiniteQuery({
    queryKey: key(poiId),
    queryFn: ({ pageParam, signal }) => callApi(listCommunityInvitationsCall, { poiId, page: pageParam }, { signal, silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.more ? pages.length + 1 : undefined),
    staleTime: 0,
    enabled: poiId !== '',
  });
}

export function useStaffCancelInvitation(poiId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(cancelInvitationCall, { poiId, _id: id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(poiId) }),
  });
}

export function useSaveVisitSetting(poiId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (withoutDocument: boolean) => callApi(saveVisitSettingsCall, { poiId, withoutDocument: withoutDocument ? 1 : 0 }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(poiId) }),
  });
}
