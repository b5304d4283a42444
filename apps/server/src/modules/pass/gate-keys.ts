import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { passSecretOf } from '@sq/contract/pass/rotating-code';
import type { Db } from '../../db/client';
import { gateKeys } from '../../db/schema';
import type { PiiCipher } from '../../lib/crypto';
import { BoundedCache } from '../../lib/bounded-cache';

/** A retired key reaches every process within this (the cache's age limit). */
const KEY_CACHE_AGE_MS = 60_000;

interface GateKey {
  version: number;
  /** The 32 key bytes, hex (what passSecretOf takes). */
  hex: string;
  retired: boolean;
}

/** Pass ids in codes are the registration's uuid as 22 base64url characters. */
export const passIdOf = (registrationId: string) => Buffer.from(registrationId.replace(/-/g, ''), 'hex').toString('base64url');

export function registrationIdOf(passId: string): string | null {
  const bytes = Buffer.from(passId, 'base64url');
  if (bytes.length !== 16) return null;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The communities' pass-code keys (docs/decisions/gate-and-scanner.md "Rotating pass codes"). A pass's secret is
 * HMAC(community key, pass id): nothing per pass is stored, and whoever holds the community key
 * can make and check any of its passes' codes – so it never leaves the server (issue 32 item 2):
 * the server makes the code it hands out with it, and checks those online; phones sign their own
 * codes with keys of their own (pass-keys.ts), which is all an offline scanner can check.
 */
export function createGateKeys(db: Db, pii: PiiCipher) {
  const keys = new BoundedCache<string, GateKey>(10_000, KEY_CACHE_AGE_MS);

  async function read(poiId: string, version: number | null): Promise<GateKey | null> {
    const [row] = await db
      .select()
      .from(gateKeys)
      .where(version === null ? and(eq(gateKeys.poiId, poiId), isNull(gateKeys.retiredAt)) : and(eq(gateKeys.poiId, poiId), eq(gateKeys.version, version)))
      .orderBy(desc(gateKeys.version))
      .limit(1);
    return row ? { version: row.version, hex: Buffer.from(pii.decrypt(row.keyEnc), 'base64url').toString('hex'), retired: row.retiredAt !== null } : null;
  }

  /** The community's current key, made on first use (two processes racing keep the first). */
  async function current(poiId: string): Promise<GateKey> {
    const found = await keys.load(`${poiId}|current`, () => read(poiId, null));
    if (found) return found;
    await db
      .insert(gateKeys)
      .values({ poiId, version: 1, keyEnc: pii.encrypt(randomBytes(32).toString('base64url')) })
      .onConflictDoNothing();
    const made = await read(poiId, null);
    if (!made) throw new Error(`no usable gate key for ${poiId}`);
    return made;
  }

  // One derivation for the server, the phone's key and the offline scanner (rotating-code.ts).
  const secretOf = (key: GateKey, passId: string) => passSecretOf(key.hex, passId);

  return {
    /** What the pass's phone needs to make codes: its id, the key version and its secret. */
    async passSecret(poiId: string, registrationId: string) {
      const key = await current(poiId);
      const id = passIdOf(registrationId);
      return { id, v: key.version, secret: secretOf(key, id) };
    },

    /**
     * The secret a code of key version `v` was made with, and whether that version was retired
     * (its codes are refused, but a page showing one is told to fetch the new key); null for an
     * unknown version.
     */
    async secretFor(poiId: string, v: number, passId: string): Promise<{ secret: string; retired: boolean } | null> {
      const key = await keys.load(`${poiId}|${v}`, () => read(poiId, v));
      return key ? { secret: secretOf(key, passId), retired: key.retired } : null;
    },

    /** Whether a key version is unknown or retired (from the cache: no hashing). */
    async isRetired(poiId: string, v: number): Promise<boolean> {
      const key = await keys.load(`${poiId}|${v}`, () => read(poiId, v));
      return !key || key.retired;
    },

    /** `isRetired` when the key version is in the cache (no waiting), else undefined. */
    cachedRetired(poiId: string, v: number): boolean | undefined {
      return keys.get(`${poiId}|${v}`)?.retired;
    },

    /**
     * A new key version; every older one retired at once. Other processes see it within the
     * cache's minute (KEY_CACHE_AGE_MS).
     */
    async rotate(poiId: string, at: Date): Promise<number> {
      const v = await db.transaction(async (tx) => {
        // One rotation at a time per community: the row lock orders two managers' taps.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sq.gate-key.${poiId}`}))`);
        const [top] = await tx.select({ v: sql<number>`coalesce(max(${gateKeys.version}), 0)::int` }).from(gateKeys).where(eq(gateKeys.poiId, poiId));
        const next = top!.v + 1;
        await tx.update(gateKeys).set({ retiredAt: at }).where(and(eq(gateKeys.poiId, poiId), isNull(gateKeys.retiredAt)));
        await tx.insert(gateKeys).values({ poiId, version: next, keyEnc: pii.encrypt(randomBytes(32).toString('base64url')), createdAt: at });
        return next;
      });
      for (let old = 1; old <= v; old++) keys.delete(`${poiId}|${old}`);
      keys.delete(`${poiId}|current`);
      return v;
    },
  };
}
export type GateKeys = ReturnType<typeof createGateKeys>;

