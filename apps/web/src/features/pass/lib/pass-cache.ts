import type { PassView } from '@sq/contract/pass/pass-view';
import { storage as appStorage, StorageKey, type StoredShape } from '../../../lib/storage';

/**
 * The last pass the server showed, kept under the spec's pass marker so the page still shows a QR
 * when the gate's network drops. It is tied to the login that fetched it (a fingerprint, never
 * the token) so a shared phone never shows the previous user's pass.
 */
export interface CachedPass {
  who: string;
  poiId: string;
  direction: number;
  isManager: '0' | '1';
  savedAt: number;
  view: PassView;
}

const isString = (v: unknown) => typeof v === 'string';
const isNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

// Checked by hand rather than with the contract's zod schema: this runs on /pcheck, whose first
// load carries no zod (docs/decisions/web-performance.md). The mapped type makes the compiler insist on one check
// per field of the contract's PassView, so a new field cannot be forgotten here.
const PASS_VIEW_FIELDS: { [K in keyof PassView]-?: (v: unknown) => boolean } = {
  ptype: isNumber,
  // Missing in passes saved before it existed; a saved pass is never a revoked one.
  revoked: (v) => v === undefined || typeof v === 'boolean',
  pass: isNumber,
  owner: isString,
  name: isString,
  communityInfo: (v) => isObject(v) && isString(v.community),
  uptime: isNumber,
  expire_time: isString,
  backDay: (v) => v === null || isNumber(v),
  poiId: isString,
  openId: isString,
  code: isString,
  codeExpires: isNumber,
  qr: isString,
  codeKey: (v) => v === null || (isObject(v) && isString(v.id) && isNumber(v.until) && Array.isArray(v.kids) && v.kids.every(isNumber)),
  serverTime: isNumber,
};

const cachedPassShape: StoredShape<CachedPass> = {
  safeParse(value) {
    if (!isObject(value) || !isObject(value.view)) return { success: false };
    const { who, poiId, direction, isManager, savedAt, view } = value;
    const fine =
      isString(who) && isString(poiId) && isNumber(direction) && (isManager === '0' || isManager === '1') && isNumber(savedAt) &&
      Object.entries(PASS_VIEW_FIELDS).every(([field, check]) => check(view[field]));
    return fine ? { success: true, data: value as unknown as CachedPass } : { success: false };
  },
};

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
  const cached = store.readJson(StorageKey.pass, cachedPassShape);
  if (!cached || cached.who !== who || cached.poiId !== poiId || cached.direction !== direction) return null;
  return cached;
}

/** /support drops the stored pass when it is left (spec §2). */
export function clearLastPass(store: Store = appStorage): void {
  store.remove(StorageKey.pass);
}
