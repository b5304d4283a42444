import { createStore, get, set } from 'idb-keyval';
import { newHolderKeyPair, type HolderKey } from '@sq/contract/codes/holder-code';
import { getHolderKeyCall, registerHolderKeyCall } from '@sq/contract/codes/calls';
import { callApi } from '../../../lib/api-client';
import { storage, StorageKey } from '../../../lib/storage';

/**
 * This phone's holder key for the codes it shows at a counter (codes/holder-code.ts), one per
 * account, kept as the pass keeps its signing key (pass/lib/device-keys.ts): made here, only the
 * public half registered (POST /v1/holderKeys), the private half in this phone's IndexedDB, so a
 * coupon once opened shows its code offline too. Null when there is none and it cannot be
 * registered now (no network).
 */
const keys = createStore('sq-holder-keys', 'keys');

export async function myHolderKey(): Promise<HolderKey | null> {
  const account = storage.get(StorageKey.userMobile) ?? 'me';
  let stored: HolderKey | undefined;
  try {
    stored = await get<HolderKey>(account, keys);
  } catch {
    stored = undefined; // no IndexedDB (a private window): a key for this page's life only
  }
  if (stored && (await stillActive(stored))) return stored;
  const pair = newHolderKeyPair();
  let kid: number;
  try {
    ({ kid } = await callApi(registerHolderKeyCall, { publicKey: pair.publicKey }, { silent: true }));
  } catch {
    return null;
  }
  const made: HolderKey = { kid, privateKey: pair.privateKey };
  await set(account, made, keys).catch(() => undefined);
  return made;
}

/**
 * Whether the server still takes this phone's key. Retired when the person showed codes on more
 * phones since; then this phone makes a new one instead of showing codes no counter accepts.
 * Offline (or any failure to ask) the key is used as it is: the counter's kit decides.
 */
async function stillActive(key: HolderKey): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  try {
    return (await callApi(getHolderKeyCall, { kid: String(key.kid) }, { silent: true })).active;
  } catch {
    return true;
  }
}
