import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inTurn } from '../../db/in-turn';
import { holderKeys } from '../../db/schema';

/**
 * The public halves of the phones' signing keys for codes shown at a counter (schema holder_keys):
 * coupons now, an order's pickup next. Per person, numbered 1, 2, … (the code's `kid`).
 */
export function createHolderKeysRepo(db: Db) {
  return {
    /**
     * A phone's new key, numbered after the person's others; beyond `maxActive` the oldest active
     * ones are revoked at `at`. In the person's turn, so two phones registering at once get two numbers.
     */
    async register(userId: string, publicKey: string, at: Date, maxActive: number): Promise<number> {
      return inTurn(db, [['holder-key', userId]], async (tx) => {
        const [top] = await tx.select({ kid: sql<number>`coalesce(max(${holderKeys.kid}), 0)::int` }).from(holderKeys).where(eq(holderKeys.userId, userId));
        const kid = top!.kid + 1;
        await tx.insert(holderKeys).values({ userId, kid, publicKey, createdAt: at });
        const active = await tx
          .select({ id: holderKeys.id })
          .from(holderKeys)
          .where(and(eq(holderKeys.userId, userId), isNull(holderKeys.revokedAt)))
          .orderBy(asc(holderKeys.kid));
        const excess = active.slice(0, Math.max(0, active.length - maxActive)).map((r) => r.id);
        if (excess.length) await tx.update(holderKeys).set({ revokedAt: at }).where(inArray(holderKeys.id, excess));
        return kid;
      });
    },

    /** The person's key `kid` while it is active (a revoked key signs nothing any more). */
    async active(userId: string, kid: number): Promise<string | null> {
      const [row] = await db
        .select({ publicKey: holderKeys.publicKey })
        .from(holderKeys)
        .where(and(eq(holderKeys.userId, userId), eq(holderKeys.kid, kid), isNull(holderKeys.revokedAt)))
        .limit(1);
      return row?.publicKey ?? null;
    },

    /** The person's key `kid` if it was retired (a newer phone took its place): to tell a counter why, once its signature checks. */
    async retired(userId: string, kid: number): Promise<string | null> {
      const [row] = await db
        .select({ publicKey: holderKeys.publicKey })
        .from(holderKeys)
        .where(and(eq(holderKeys.userId, userId), eq(holderKeys.kid, kid), isNotNull(holderKeys.revokedAt)))
        .limit(1);
      return row?.publicKey ?? null;
    },

    /** The active keys of these people, for a counter's offline kit. */
    async activeOf(userIds: string[]): Promise<Map<string, { kid: number; publicKey: string }[]>> {
      const out = new Map<string, { kid: number; publicKey: string }[]>();
      if (!userIds.length) return out;
      const rows = await db
        .select({ userId: holderKeys.userId, kid: holderKeys.kid, publicKey: holderKeys.publicKey })
        .from(holderKeys)
        .where(and(inArray(holderKeys.userId, userIds), isNull(holderKeys.revokedAt)))
        .orderBy(asc(holderKeys.kid));
      for (const r of rows) {
        const list = out.get(r.userId) ?? [];
        list.push({ kid: r.kid, publicKey: r.publicKey });
        out.set(r.userId, list);
      }
      return out;
    },
  };
}
export type HolderKeysRepo = ReturnType<typeof createHolderKeysRepo>;
