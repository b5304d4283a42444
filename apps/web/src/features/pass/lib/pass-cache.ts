import { z } from 'zod';
import { ZPassView } from '@sq/contract/pass/pass-view';
import { storage as appStorage, StorageKey } from '../../../lib/storage';

/**
 * The last pass the server showed, kept under the spec's pass marker so the page still shows a QR
 * when the gate's network drops. It is tied to the login that fetched it (a fingerprint, never
 * the token) so a shared phone never shows the previous user's pass.
 */
const ZCachedPass = z.object({
  who: z.string(),
  poiId: z.string(),
  direction: z.number(),
  isManager: z.enum(['0', '1']),
  savedAt: z.number(),
  view: ZPassView,
});
export type CachedPass = z.infer<typeof ZCachedPass>;

type Store = Pick<typeof appStorage, 'readJson' | 'writeJson' | 'remove'>;

/** FNV-1a of the token: enough to tell two logins apart, useless for recovering the token. */
export function loginFingerprint(token: string | null): string {
  let hash = 0x811c9dc5;
  for (const ch of token ?? '') {
    hash ^= ch.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

export function saveLastPass(entry: CachedPass, store: Store = appStorage): void {
  store.writeJson(StorageKey.pass, entry);
}

export function readLastPass(who: string, poiId: string, direction: number, store: Store = appStorage): CachedPass | null {
  const cached = store.readJson(StorageKey.pass, ZCachedPass);
  if (!cached || cached.who !== who || cached.poiId !== poiId || cached.direction !== direction) return null;
  return cached;
}

/** /support drops the stored pass when it is left (spec §2). */
export function clearLastPass(store: Store = appStorage): void {
  store.remove(StorageKey.pass);
}

