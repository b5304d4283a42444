import { z } from 'zod';
import { getVisitorPass } from '@sq/contract/visits/visitor-pass';
import { storage as appStorage, StorageKey } from '../../../lib/storage';
import { loginFingerprint } from './pass-cache';

/**
 * The invited visitor's last pass as the server showed it, so the page still shows a code (made
 * from its key until the window ends) when it is reopened where the gate has no signal. Tied to
 * the link that fetched it by a fingerprint, never the token itself.
 */
const ZCachedVisit = z.object({ who: z.string(), direction: z.number(), savedAt: z.number(), data: getVisitorPass.data });
export type CachedVisit = z.infer<typeof ZCachedVisit>;

type Store = Pick<typeof appStorage, 'readJson' | 'writeJson'>;

export function saveVisit(token: string, direction: number, savedAt: number, data: CachedVisit['data'], store: Store = appStorage): void {
  store.writeJson(StorageKey.visitPass, { who: loginFingerprint(token), direction, savedAt, data });
}

export function readVisit(token: string, direction: number, store: Store = appStorage): CachedVisit | null {
  const cached = store.readJson(StorageKey.visitPass, ZCachedVisit);
  return cached && cached.who === loginFingerprint(token) && cached.direction === direction ? cached : null;
}
