import { StorageKey } from '../../../lib/storage';
import { useStoredValue } from '../../../lib/use-stored-value';
import { useUserInfo } from '../../../lib/user-info-query';

/** The logged-in person's openId (their /stick/wwear page), from the user-info answer; null until known. */
export function useOwnOpenId(): string | null {
  const token = useStoredValue(StorageKey.token);
  return useUserInfo(token).data?.openId || null;
}
