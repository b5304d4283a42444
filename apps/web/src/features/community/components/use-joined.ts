import { useMyCommunities } from '../../../lib/my-communities';
import { StorageKey } from '../../../lib/storage';
import { useStoredValue } from '../../../lib/use-stored-value';
import { useUserInfo } from '../../../lib/user-info-query';

/**
 * Whether the person joined this community or belongs to it (a pass, a home, staff): 邻里圈 and
 * 社区活动 are open to them only, so nobody else is shown a door to either. `undefined` while a
 * logged-in person's answer is still on its way (the home holds what would move when it comes).
 */
export function useJoined(poiId: string): boolean | undefined {
  const token = useStoredValue(StorageKey.token);
  const info = useUserInfo(token);
  const mine = useMyCommunities(token);
  if ((info.data?.community === poiId && info.data.moveTime > 0) || mine.data?.some((m) => m.poiId === poiId)) return true;
  return info.isLoading || mine.isLoading ? undefined : false;
}
