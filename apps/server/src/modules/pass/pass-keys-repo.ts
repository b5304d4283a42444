import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passKeys } from '../../db/schema';
import { inTurn } from '../../db/in-turn';

/** A pass the keys belong to: a resident's registration, or an invited visitor's invitation. */
export type KeyedPass = { registrationId: string } | { invitationId: string };

const ownerOf = (pass: KeyedPass) => ('registrationId' in pass ? eq(passKeys.registrationId, pass.registrationId) : eq(passKeys.invitationId, pass.invitationId));
const passUuid = (pass: KeyedPass) => ('registrationId' in pass ? pass.registrationId : pass.invitationId);

/** The public halves of the phones' signing keys (schema pass_keys). */
export function createPassKeysRepo(db: Db) {
  // A pass's first scan on a node reads the key its code names: prepared, as the scan's other statements are.
  const findKey = db
    .select({ poiId: passKeys.poiId, publicKey: passKeys.publicKey, createdAt: passKeys.createdAt, revokedAt: passKeys.revokedAt })
    .from(passKeys)
    .where(and(sql`coalesce(${passKeys.registrationId}, ${passKeys.invitationId}) = ${sql.placeholder('passId')}::uuid`, eq(passKeys.kid, sql.placeholder('kid'))))
    .limit(1)
    .prepare('pass_keys_find');
  return {
    /**
     * A phone's new key for the pass, numbered after the pass's others; beyond `maxActive` the
     * oldest active ones are revoked at `at`. In the pass's turn, so two phones registering at
     * once get two numbers.
     */
    async register(pass: KeyedPass, poiId: string, publicKey: string, at: Date, maxActive: number): Promise<number> {
      return inTurn(db, [['pass-key', passUuid(pass)]], async (tx) => {
        const [top] = await tx.select({ kid: sql<number>`coalesce(max(${passKeys.kid}), 0)::int` }).from(passKeys).where(ownerOf(pass));
        const kid = top!.kid + 1;
        await tx.insert(passKeys).values({ ...pass, poiId, kid, publicKey, createdAt: at });
        const active = await tx.select({ id: passKeys.id }).from(passKeys).where(and(ownerOf(pass), isNull(passKeys.revokedAt))).orderBy(asc(passKeys.kid));
        const excess = active.slice(0, Math.max(0, active.length - maxActive)).map((r) => r.id);
        for (const id of excess) await tx.update(passKeys).set({ revokedAt: at }).where(eq(passKeys.id, id));
        return kid;
      });
    },

    /** The numbers of the pass's active keys. */
    async activeKids(pass: KeyedPass): Promise<number[]> {
      const rows = await db.select({ kid: passKeys.kid }).from(passKeys).where(and(ownerOf(pass), isNull(passKeys.revokedAt))).orderBy(asc(passKeys.kid));
      return rows.map((r) => r.kid);
    },

    /** One key of a pass (by its uuid, registration's or invitation's), revoked or not. */
    async find(passId: string, kid: number) {
      const [row] = await findKey.execute({ passId, kid });
      return row ?? null;
    },

    /** Every active key of the community's passes, for the offline kit. */
    async activeIn(poiId: string) {
      return db
        .select({ registrationId: passKeys.registrationId, invitationId: passKeys.invitationId, kid: passKeys.kid, publicKey: passKeys.publicKey, createdAt: passKeys.createdAt })
        .from(passKeys)
        .where(and(eq(passKeys.poiId, poiId), isNull(passKeys.revokedAt)));
    },
  };
}
export type PassKeysRepo = ReturnType<typeof createPassKeysRepo>;
