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

let restoring: Promise<void> | null = null;

/**
 * Marks the start-up check of a login made earlier on this host (GET userInfo?ckdata=1, spec §7)
 * as running: API calls that would go without a token wait for it, instead of racing it and
 * sending the person to the login page they just came back from (a WeChat login lands on its
 * page holding only the cookie).
 */
export function whileRestoringSession(check: Promise<void>): void {
  const pending = check.finally(() => {
    if (restoring === pending) restoring = null;
  });
  restoring = pending;
}

/** The running start-up check, if any. */
export const sessionRestoring = (): Promise<void> | null => restoring;
