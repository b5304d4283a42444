import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getCommunityCall } from '@sq/contract/community/get-community';
import { joinCommunityCall } from '@sq/contract/community/join-community';
import { postUserInfoCall } from '@sq/contract/community/user-info';
import { LOGIN_CODES } from '@sq/contract/envelope';
import { callApi } from './api-client';
import { ApiError } from './api-error';
import { clearLogin, currentToken } from './session';
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

/**
 * The logged-in user's community and join time (spec §3 user info). Asked quietly: a page that
 * anyone may read should not bounce a visitor with a stale token to the login screen; a dead token
 * is just forgotten.
 */
export function useUserInfo(token: string | null) {
  return useQuery({
    queryKey: ['userInfo', token],
    enabled: Boolean(token),
    queryFn: async ({ signal }) => {
      try {
        const info = await callApi(postUserInfoCall, {}, { signal, silent: true, noLoginRedirect: true });
        if (info.community) storage.set(StorageKey.userCommunity, info.community);
        storage.set(StorageKey.moveTime, String(info.moveTime));
        return info;
      } catch (error) {
        if (error instanceof ApiError && LOGIN_CODES.includes(error.code)) clearLogin();
        throw error;
      }
    },
  });
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
