import { useQuery } from '@tanstack/react-query';
import { postUserInfoCall } from '@sq/contract/community/user-info';
import { LOGIN_CODES } from '@sq/contract/envelope';
import { callApi } from './api-client';
import { ApiError } from './api-error';
import { clearLogin } from './session';
import { storage, StorageKey } from './storage';

/**
 * The logged-in user's community and join time (spec §3 user info). Asked quietly: a page that
 * anyone may read should not bounce a visitor with a stale token to the login screen; a dead token
 * is just forgotten. Apart from community-queries.ts: the pass page needs it, and the community
 * calls there bring the contract's form rules (and zod with them) into its first load.
 */
export function useUserInfo(token: string | null) {
  return useQuery({
    queryKey: ['userInfo', token],
    enabled: Boolean(token),
    // No abort signal: the answer writes the person's community to storage, which re-renders
    // the asking page into one that no longer asks (useCurrentCommunityId) – an aborted query
    // would be dropped unanswered and asked again by the next screen part that needs it.
    queryFn: async () => {
      try {
        const info = await callApi(postUserInfoCall, {}, { silent: true, noLoginRedirect: true });
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
