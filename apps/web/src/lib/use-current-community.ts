import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { storage, StorageKey } from './storage';
import { useStoredValue } from './use-stored-value';
import { useUserInfo } from './user-info-query';

/**
 * Which community a resident's page is about: the link's `poiId` (a shared link, a QR code, the
 * page before), else the one viewed last, else the logged-in person's own (kept from the last
 * user-info answer, or asked for). Null means: ask the user to choose. `settled` is false while
 * the person's own community is still being asked for – show a wait, not "choose one".
 */
export function useCurrentCommunityId(): { poiId: string | null; settled: boolean } {
  const [params] = useSearchParams();
  // /sqroom's links spell it poiid (spec §9).
  const fromLink = params.get('poiId') || params.get('poiid');
  const viewed = useStoredValue(StorageKey.currentCommunity);
  const own = useStoredValue(StorageKey.userCommunity);
  const token = useStoredValue(StorageKey.token);
  const known = fromLink || viewed || own;
  const userInfo = useUserInfo(known ? null : token);

  useEffect(() => {
    if (fromLink) storage.set(StorageKey.currentCommunity, fromLink);
  }, [fromLink]);

  const poiId = known || userInfo.data?.community || null;
  const settled = Boolean(poiId) || !token || !userInfo.isPending;
  return { poiId, settled };
}
