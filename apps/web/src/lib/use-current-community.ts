import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { MyCommunity } from '@sq/contract/community/my-communities';
import { isClientError } from './api-error';
import { useMyCommunities } from './my-communities';
import { storage, StorageKey } from './storage';
import { useStoredValue } from './use-stored-value';
import { useUserInfo } from './user-info-query';

export interface CurrentCommunity {
  /** Null means: ask the user to choose (among `choices` when there are any). */
  poiId: string | null;
  /** False while the person's own community is still being asked for – show a wait, not "choose one". */
  settled: boolean;
  /** The communities the account belongs to, when it is more than one and none is chosen yet. */
  choices: MyCommunity[];
  /** The server could not be reached to ask (no signal): say so, and point at the pass kept offline. */
  offline: boolean;
}

/**
 * Which community a resident's page is about: the link's `poiId` (a shared link, a QR code, the
 * page before), else the one viewed last, else the logged-in person's own (kept from the last
 * user-info answer, or asked for), else – a new phone, a first login – the one the account
 * belongs to by its registrations, homes or staff roles (several: a choice).
 */
export function useCurrentCommunityId(): CurrentCommunity {
  const [params] = useSearchParams();
  // /sqroom's links spell it poiid (spec §9).
  const fromLink = params.get('poiId') || params.get('poiid');
  const viewed = useStoredValue(StorageKey.currentCommunity);
  const own = useStoredValue(StorageKey.userCommunity);
  const token = useStoredValue(StorageKey.token);
  const known = fromLink || viewed || own;
  const userInfo = useUserInfo(known ? null : token);
  const chosen = userInfo.data?.community || null;
  const askBelongings = !known && !chosen && Boolean(token) && !userInfo.isPending;
  const mine = useMyCommunities(askBelongings ? token : null);

  useEffect(() => {
    if (fromLink) storage.set(StorageKey.currentCommunity, fromLink);
  }, [fromLink]);

  const only = mine.data?.length === 1 ? mine.data[0]!.poiId : null;
  const poiId = known || chosen || only;
  const settled = Boolean(poiId) || !token || (!userInfo.isPending && !(askBelongings && mine.isPending));
  const choices = !poiId && mine.data && mine.data.length > 1 ? mine.data : [];
  const offline = (userInfo.isError && !isClientError(userInfo.error)) || (mine.isError && !isClientError(mine.error));
  return { poiId, settled, choices, offline };
}
