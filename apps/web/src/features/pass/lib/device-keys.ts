import { createStore, get, set } from 'idb-keyval';
import type { DeviceKey } from '@sq/contract/pass/signed-code';
import type { PassView } from '@sq/contract/pass/pass-view';
import { registerPassKeyCall, registerVisitorKeyCall } from '@sq/contract/pass/key-calls';
import { callApi } from '../../../lib/api-client';
import { newKeyPair } from './sign-code';

/**
 * The phone's own signing keys, one per pass (issue 32 item 2): made here, only the public half
 * sent to the server; the private half stays in this phone's IndexedDB and signs the pass's codes,
 * offline too. IndexedDB rather than localStorage: it is not read on every page load.
 */
const keys = createStore('sq-pass-keys', 'keys');

/** Whose pass the key is for: the logged-in resident's in a community, or an invited visitor's by the link's token. */
export type KeyOwner = { poiId: string } | { visit: string };

/** Sends the public half; answers the number the server gave the key. */
const register = (owner: KeyOwner, publicKey: string) =>
  'poiId' in owner
    ? callApi(registerPassKeyCall, { poiId: owner.poiId, publicKey }, { silent: true })
    : callApi(registerVisitorKeyCall, { t: owner.visit, publicKey }, { silent: true, noLogin: true });

/** A key as the phone keeps it: with the server's time of the newest view that did not list it yet. */
interface StoredKey extends DeviceKey {
  /** A view made at or before this (server ms) predates the key: its `kids` cannot list it. */
  madeAfter: number;
}

/**
 * This phone's key for the pass, when the server still knows it: listed among the view's `kids`,
 * or newer than the view (a copy kept from before the key was made). Otherwise – a first open, a
 * key replaced by other phones' – a new one is made and registered. Null when that cannot be done
 * now (no network): the page shows the server's own code meanwhile.
 */
export async function deviceKeyFor(view: Pick<PassView, 'codeKey' | 'serverTime'>, owner: KeyOwner): Promise<DeviceKey | null> {
  const codeKey = view.codeKey!;
  let stored: StoredKey | undefined;
  try {
    stored = await get<StoredKey>(codeKey.id, keys);
  } catch {
    stored = undefined; // no IndexedDB (a private window): a key for this page's life only
  }
  if (stored && (codeKey.kids.includes(stored.kid) || view.serverTime <= stored.madeAfter)) return stored;
  let pair: Awaited<ReturnType<typeof newKeyPair>>;
  let kid: number;
  try {
    pair = await newKeyPair();
    ({ kid } = await register(owner, pair.publicKey));
  } catch {
    // No network (or, in a browser without Ed25519, noble's code not yet kept): the key this phone has, if any.
    return stored ?? null;
  }
  const made: StoredKey = { id: codeKey.id, kid, privateKey: pair.privateKey, madeAfter: view.serverTime };
  await set(codeKey.id, made, keys).catch(() => undefined);
  return made;
}
