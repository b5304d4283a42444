import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getCommunityCall } from '@sq/contract/community/get-community';
import { joinCommunityCall } from '@sq/contract/community/join-community';
import { callApi } from './api-client';
import { currentToken } from './session';
import { storage, StorageKey } from './storage';

export const communityQuery = (poiId: string) =>
  queryOptions({
    queryKey: ['community', poiId],
    queryFn: ({ signal }) => callApi(getCommunityCall, { poiId }, { signal, silent: true }).then((d) => d.community),
    staleTime: 10 * 60_000,
  });

export function useCommunity(poiId: string | null) {
  return useQuery({ ...communityQuery(poiId ?? ''), enabled: Boolean(poiId) });
}

/** `edit` with join: the chosen community becomes the user's, and moveTime is set (spec §4). */
export function useJoinCommunity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (poiId: string) => callApi(joinCommunityCall, { poiId, join: 1 }),
    onSuccess: (data) => {
      storage.set(StorageKey.userCommunity, data.community);
      storage.set(StorageKey.currentCommunity, data.community);
      storage.set(StorageKey.moveTime, String(data.moveTime));
      void queryClient.invalidateQueries({ queryKey: ['userInfo'] });
    },
  });
}

/**
 * Picking a community (chooser, search): it becomes the one shown, and a logged-in user joins it.
 * A guest's pick is remembered here only; joining waits until they log in to correct something.
 */
export function usePickCommunity() {
  const join = useJoinCommunity();
  return {
    isPending: join.isPending,
    async pick(poiId: string) {
      storage.set(StorageKey.currentCommunity, poiId);
      if (currentToken()) await join.mutateAsync(poiId);
    },
  };
}
