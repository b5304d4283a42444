import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { PASS_KEYS_PER_PASS } from '@sq/contract/pass/register-pass-key';
import { signedMessage } from '@sq/contract/pass/signed-code';
import type { ParsedPassCode } from '@sq/contract/pass/rotating-code';
import { BoundedCache } from '../../lib/bounded-cache';
import type { KeyedPass, PassKeysRepo } from './pass-keys-repo';

/** A revoked key reaches every process within this (the cache's age limit), as a rotated community key does. */
const KEY_CACHE_AGE_MS = 60_000;
/** An Ed25519 public key's DER (SPKI) header: node:crypto takes the raw 32 bytes behind it. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

interface KnownKey {
  poiId: string;
  key: KeyObject;
  createdAt: Date;
  revokedAt: Date | null;
}

/**
 * The phones' signing keys for passes (contract pass/signed-code.ts): registered by the phone,
 * checked here with node:crypto's Ed25519 (the scanner's offline check uses @noble/curves on the
 * same bytes). The verdict of a signed code: 'good', 'retired' (its key was replaced by a newer
 * phone's: the page fetches the pass again and registers a new key), or 'bad'.
 */
export function createPassKeys(repo: PassKeysRepo, now: () => Date) {
  const known = new BoundedCache<string, KnownKey | false>(50_000, KEY_CACHE_AGE_MS);

  const load = (passUuid: string, kid: number) =>
    known.load(`${passUuid}|${kid}`, async () => {
      const row = await repo.find(passUuid, kid);
      if (!row) return false;
      return { poiId: row.poiId, key: createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(row.publicKey, 'base64url')]), format: 'der', type: 'spki' }), createdAt: row.createdAt, revokedAt: row.revokedAt };
    });

  return {
    register: (pass: KeyedPass, poiId: string, publicKey: string) => repo.register(pass, poiId, publicKey, now(), PASS_KEYS_PER_PASS),

    activeKids: (pass: KeyedPass) => repo.activeKids(pass),

    /**
     * A signed code of pass `passUuid` checked against the key it names, in community `poiId`;
     * `at` (an offline scan's time): 'retired' when the key was revoked before it or made after it.
     */
    async check(poiId: string, passUuid: string, code: ParsedPassCode, at?: Date): Promise<'good' | 'retired' | 'bad'> {
      if (!code.signed) return 'bad';
      const found = await load(passUuid, code.v);
      if (!found || found.poiId !== poiId) return 'bad';
      const signature = Buffer.from(code.mac, 'base64url');
      if (signature.length !== 64 || !verify(null, signedMessage(code.id, code.direction, code.v, code.step), found.key, signature)) return 'bad';
      const when = at ?? now();
      if (found.revokedAt && found.revokedAt <= when) return 'retired';
      if (at && at.getTime() < found.createdAt.getTime() - 60_000) return 'retired';
      return 'good';
    },

    /** Whether the key a signed code names is revoked (or unknown) now. */
    async isRetired(passUuid: string, kid: number): Promise<boolean> {
      const found = await load(passUuid, kid);
      return !found || (found.revokedAt !== null && found.revokedAt <= now());
    },

    /** `isRetired` when the key is in memory (no waiting), else undefined. */
    cachedRetired(passUuid: string, kid: number): boolean | undefined {
      const found = known.get(`${passUuid}|${kid}`);
      if (found === undefined) return undefined;
      return !found || (found.revokedAt !== null && found.revokedAt <= now());
    },

    activeIn: (poiId: string) => repo.activeIn(poiId),
  };
}
export type PassKeys = ReturnType<typeof createPassKeys>;
