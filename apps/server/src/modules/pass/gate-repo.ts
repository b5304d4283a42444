import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { entryLogs, passCodes, registrations } from '../../db/schema';

export type PassCodeRow = typeof passCodes.$inferSelect;

/** Thrown inside the scan transaction to undo the code's use when the pass is no longer valid. */
class PassNoLongerValid extends Error {}

/** Single-use pass codes and the entry/exit log they write (DESIGN.md §6). */
export function createGateRepo(db: Db) {
  // Every scan starts here: built once and prepared.
  const codeByHash = db
    .select({ code: passCodes, userId: registrations.userId, name: registrations.name, owner: registrations.owner })
    .from(passCodes)
    .innerJoin(registrations, eq(registrations.id, passCodes.registrationId))
    .where(eq(passCodes.codeHash, sql.placeholder('codeHash')))
    .limit(1)
    .prepare('gate_code_by_hash');

  return {
    /** The newest live code of a pass in one direction that lasts beyond `until`, if any. */
    async liveCode(registrationId: string, direction: number, until: Date) {
      const [row] = await db
        .select({ codeHash: passCodes.codeHash, codeEnc: passCodes.codeEnc, expiresAt: passCodes.expiresAt })
        .from(passCodes)
        .where(
          and(
            eq(passCodes.registrationId, registrationId),
            eq(passCodes.direction, direction),
            isNull(passCodes.usedAt),
            eq(passCodes.isUse, 0),
            gt(passCodes.expiresAt, until),
            sql`${passCodes.codeEnc} is not null`,
          ),
        )
        .orderBy(desc(passCodes.createdAt))
        .limit(1);
      return row ?? null;
    },

    /**
     * A new code, and the end of every older unused one of the same pass and direction: a person
     * holds one valid code per direction. Answers the retired codes' hashes (their pages learn it).
     */
    async insertCode(row: typeof passCodes.$inferInsert & { createdAt: Date }) {
      return db.transaction(async (tx) => {
        await tx.insert(passCodes).values(row);
        const retired = await tx
          .update(passCodes)
          .set({ expiresAt: row.createdAt })
          .where(
            and(
              eq(passCodes.registrationId, row.registrationId),
              eq(passCodes.direction, row.direction),
              isNull(passCodes.usedAt),
              gt(passCodes.expiresAt, row.createdAt),
              sql`${passCodes.codeHash} <> ${row.codeHash}`,
              sql`${passCodes.createdAt} <= ${row.createdAt.toISOString()}::timestamptz`,
            ),
          )
          .returning({ codeHash: passCodes.codeHash });
        return retired.map((r) => r.codeHash);
      });
    },

    async findCode(codeHash: string) {
      const [row] = await codeByHash.execute({ codeHash });
      return row ?? null;
    },

    /**
     * The gate scan: uses the code up and writes the log in one transaction, so a code lets one
     * person through once, and a log line exists exactly when the code was used. `stillValid`
     * re-reads the registration inside the transaction (a revoke may have just happened).
     */
    async useCode(args: {
      codeHash: string;
      by: string;
      at: Date;
      stillValid: (registration: typeof registrations.$inferSelect) => boolean;
    }): Promise<{ ok: true; code: PassCodeRow } | { ok: false; reason: 'gone' | 'invalid' }> {
      try {
        return await db.transaction(async (tx) => {
        const [code] = await tx
          .update(passCodes)
          .set({ usedAt: args.at, usedBy: args.by, isUse: 1 })
          .where(and(eq(passCodes.codeHash, args.codeHash), isNull(passCodes.usedAt), gt(passCodes.expiresAt, args.at)))
          .returning();
        if (!code) return { ok: false as const, reason: 'gone' as const };
        const [registration] = await tx.select().from(registrations).where(eq(registrations.id, code.registrationId)).for('update');
        if (!registration || !args.stillValid(registration)) throw new PassNoLongerValid();
        await tx.insert(entryLogs).values({
          poiId: code.poiId,
          registrationId: registration.id,
          name: registration.name,
          mobileEnc: registration.mobileEnc,
          mobileMasked: registration.mobileMasked,
          owner: registration.owner,
          direction: code.direction,
          scannedBy: args.by,
          createdAt: args.at,
        });
        return { ok: true as const, code };
        });
      } catch (e) {
        if (e instanceof PassNoLongerValid) return { ok: false, reason: 'invalid' };
        throw e;
      }
    },

    /** After a send-back or revoke, every live code of the registration tells its page to go (-1). */
    async sendBackCodes(registrationId: string, at: Date) {
      const rows = await db
        .update(passCodes)
        .set({ isUse: -1, usedAt: at })
        .where(and(eq(passCodes.registrationId, registrationId), isNull(passCodes.usedAt)))
        .returning({ codeHash: passCodes.codeHash });
      return rows.map((r) => r.codeHash);
    },

    /** A scanned code the staff member sends back: the waiting page learns it (isUse -1). */
    async markSentBack(codeHash: string, registrationId: string) {
      await db
        .update(passCodes)
        .set({ isUse: -1 })
        .where(and(eq(passCodes.codeHash, codeHash), eq(passCodes.registrationId, registrationId)));
    },

    /** Export batches, newest first, continuing after the previous batch's last row (keyset). */
    async logBatch(poiId: string, after: { createdAt: Date; id: string } | null, limit: number) {
      const cursor = after
        ? sql`(${entryLogs.createdAt}, ${entryLogs.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
        : undefined;
      return db
        .select()
        .from(entryLogs)
        .where(and(eq(entryLogs.poiId, poiId), cursor))
        .orderBy(desc(entryLogs.createdAt), desc(entryLogs.id))
        .limit(limit);
    },

    async listLogs(poiId: string, page: number, pageSize: number) {
      return db
        .select()
        .from(entryLogs)
        .where(eq(entryLogs.poiId, poiId))
        .orderBy(desc(entryLogs.createdAt), desc(entryLogs.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
    },
  };
}
export type GateRepo = ReturnType<typeof createGateRepo>;
