import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures, sessions, smsCodes, users } from '../../db/schema';

export function createAuthRepo(db: Db) {
  // Asked on every request of a session this process has not seen yet: built once, not per call.
  const findSession = db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      openId: users.openId,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('auth_find_session');

  return {
    /** Failed logins from this address: since `daySince`, since `hourSince`, and when the last one was. */
    async failuresFromIp(ipHash: string, daySince: Date, hourSince: Date) {
      const [row] = await db
        .select({
          day: count(),
          hour: sql<number>`count(*) filter (where ${loginFailures.createdAt} > ${hourSince.toISOString()}::timestamptz)`.mapWith(Number),
          last: sql<string | null>`max(${loginFailures.createdAt})`,
        })
        .from(loginFailures)
        .where(and(eq(loginFailures.ipHash, ipHash), gt(loginFailures.createdAt, daySince)));
      return { day: row?.day ?? 0, hour: row?.hour ?? 0, last: row?.last ? new Date(row.last) : null };
    },

    /** Records a failure; rows older than `forgetBefore` go at the same time (they count for nothing). */
    async recordFailure(row: { ipHash: string; createdAt: Date }, forgetBefore: Date) {
      await db.insert(loginFailures).values(row);
      await db.delete(loginFailures).where(lt(loginFailures.createdAt, forgetBefore));
    },

    async countCodesForMobileSince(mobileHash: string, since: Date) {
      const [row] = await db
        .select({ n: count(), last: sql<string | null>`max(${smsCodes.createdAt})` })
        .from(smsCodes)
        .where(and(eq(smsCodes.mobileHash, mobileHash), gt(smsCodes.createdAt, since)));
      return { n: row?.n ?? 0, last: row?.last ? new Date(row.last) : null };
    },

    async countCodesForIpSince(ipHash: string, since: Date) {
      const [row] = await db
        .select({ n: count() })
        .from(smsCodes)
        .where(and(eq(smsCodes.ipHash, ipHash), gt(smsCodes.createdAt, since)));
      return row?.n ?? 0;
    },

    async insertCode(row: typeof smsCodes.$inferInsert) {
      const [created] = await db.insert(smsCodes).values(row).returning({ id: smsCodes.id });
      return created!.id;
    },

    async deleteCode(id: string) {
      await db.delete(smsCodes).where(eq(smsCodes.id, id));
    },

    /** The newest live code of a mobile: older ones are superseded by asking again. */
    async latestLiveCode(mobileHash: string, now: Date) {
      const [row] = await db
        .select()
        .from(smsCodes)
        .where(and(eq(smsCodes.mobileHash, mobileHash), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, now)))
        .orderBy(desc(smsCodes.createdAt))
        .limit(1);
      return row ?? null;
    },

    /** Counts a wrong try; the condition keeps the count at most `maxTries` under concurrent guesses. */
    async addTry(id: string, maxTries: number) {
      const [row] = await db
        .update(smsCodes)
        .set({ tries: sql`${smsCodes.tries} + 1` })
        .where(and(eq(smsCodes.id, id), lt(smsCodes.tries, maxTries)))
        .returning({ tries: smsCodes.tries });
      return row?.tries ?? maxTries;
    },

    /** Uses the code once: of two concurrent logins with the same code only one succeeds. */
    async consumeCode(id: string, now: Date, maxTries: number) {
      const rows = await db
        .update(smsCodes)
        .set({ usedAt: now })
        .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAt), lt(smsCodes.tries, maxTries)))
        .returning({ id: smsCodes.id });
      return rows.length === 1;
    },

    async findUserByMobileHash(mobileHash: string) {
      const [row] = await db.select().from(users).where(eq(users.mobileHash, mobileHash)).limit(1);
      return row ?? null;
    },

    /** Creates the user on first login; a concurrent first login finds the row the other made. */
    async upsertUser(row: typeof users.$inferInsert) {
      await db.insert(users).values(row).onConflictDoNothing({ target: users.mobileHash });
      const [user] = await db.select().from(users).where(eq(users.mobileHash, row.mobileHash)).limit(1);
      return user!;
    },

    async insertSession(row: typeof sessions.$inferInsert) {
      const [created] = await db.insert(sessions).values(row).returning({ id: sessions.id });
      return created!.id;
    },

    async findSession(tokenHash: string) {
      const [row] = await findSession.execute({ tokenHash });
      return row ?? null;
    },

    async extendSession(id: string, expiresAt: Date) {
      await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
    },

    /** Every live session of a person ended; answers their token hashes (caches drop them). */
    async revokeAllSessions(userId: string, now: Date) {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ tokenHash: sessions.tokenHash });
      return rows.map((r) => r.tokenHash);
    },

    async revokeSession(id: string, now: Date) {
      await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    },

    async findUser(id: string) {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },
  };
}
export type AuthRepo = ReturnType<typeof createAuthRepo>;
