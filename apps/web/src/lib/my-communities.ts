import { useQuery } from '@tanstack/react-query';
import { myCommunitiesCall } from '@sq/contract/community/my-communities';
import { callApi } from './api-client';
import { storage, StorageKey } from './storage';

/**
 * Where the logged-in account belongs – its passes, homes and staff roles – asked of the server,
 * so a new phone or a cleared browser finds the pass too (issue 32 item 13). With one community,
 * that community becomes the person's own on this phone (and so the pass opens offline next time).
 */
export function useMyCommunities(token: string | null) {
  return useQuery({
    queryKey: ['myCommunities', token],
    enabled: Boolean(token),
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const { communities } = await callApi(myCommunitiesCall, undefined, { signal, silent: true, noLoginRedirect: true });
      if (communities.length === 1) storage.set(StorageKey.userCommunity, communities[0]!.poiId);
      return communities;
    },
  });
}
