import { useMyCommunities } from '../../../lib/my-communities';
import { StorageKey } from '../../../lib/storage';
import { useStoredValue } from '../../../lib/use-stored-value';
import { useUserInfo } from '../../../lib/user-info-query';

/**
 * Whether the person joined this community or belongs to it (a pass, a home, staff): 邻里圈 and
 * 社区活动 are open to them only, so nobody else is shown a door to either.
 */
export function useJoined(poiId: string): boolean {
  const token = useStoredValue(StorageKey.token);
  const info = useUserInfo(token).data;
  const mine = useMyCommunities(token).data;
  return (info?.community === poiId && info.moveTime > 0) || Boolean(mine?.some((m) => m.poiId === poiId));
}
