import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { storage, StorageKey } from '../../../lib/storage';
import { useStoredValue } from '../../../lib/use-stored-value';
import { useUserInfo } from './community-queries';

/**
 * Which community the home page shows: the link's `poiId` (a shared link or a QR code), else the
 * one viewed last, else the one the logged-in user joined. Null means: ask the user to choose.
 */
export function useCurrentCommunityId(): { poiId: string | null; settled: boolean } {
  const [params] = useSearchParams();
  const fromLink = params.get('poiId');
  const viewed = useStoredValue(StorageKey.currentCommunity);
  const token = useStoredValue(StorageKey.token);
  const userInfo = useUserInfo(token);

  useEffect(() => {
    if (fromLink) storage.set(StorageKey.currentCommunity, fromLink);
  }, [fromLink]);

  const poiId = fromLink || viewed || userInfo.data?.community || null;
  // Without a stored choice, wait for the user's own community before saying "choose one".
  const settled = Boolean(poiId) || !token || !userInfo.isPending;
  return { poiId, settled };
}
