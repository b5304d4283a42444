import { getNativeToken } from './native-bridge';
import { storage, StorageKey } from './storage';

/** The token to send: the native shell's first (spec §7), else the one from the web login. */
export function currentToken(): string | null {
  return getNativeToken() ?? storage.get(StorageKey.token);
}

export function saveLogin(login: { token: string; mobile: string }): void {
  storage.set(StorageKey.token, login.token);
  storage.set(StorageKey.userMobile, login.mobile);
}

/** Forgets the web login. A native shell's token is the shell's to manage and stays. */
export function clearLogin(): void {
  storage.remove(StorageKey.token);
  storage.remove(StorageKey.userMobile);
  // The person's own community belongs to the person: the next one on this phone has their own.
  storage.remove(StorageKey.userCommunity);
  storage.remove(StorageKey.moveTime);
}
