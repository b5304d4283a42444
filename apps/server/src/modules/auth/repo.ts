import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inTurn } from '../../db/in-turn';
import { loginFailures, sessions, smsCodes, users } from '../../db/schema';

/** An address's failed logins: of the last day, of the last hour, and when the last one was. */
export interface FailuresFromIp {
  day: number;
  hour: number;
  last: Date | null;
}
/** Login codes sent: to the mobile (how many, the last one's time) and from the address. */
export interface CodesSent {
  mobile: number;
  mobileLast: Date | null;
  ip: number;
}

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
    /**
     * Counts a login try from this address as a failure before its code is looked at, unless
     * `refusal` refuses it given the address's failures (since `daySince`, since `hourSince`, the
     * last one's time). The address's tries take turns, so parallel guesses count each other and
     * the slow-down holds; a right code takes its try back (forgetTry). Answers the try's id.
     */
    async startTry(row: { ipHash: string; createdAt: Date }, daySince: Date, hourSince: Date, refusal: (failures: FailuresFromIp) => Error | null) {
      return inTurn(db, [['login-address', row.ipHash]], async (tx) => {
        const [found] = await tx
          .select({
            day: count(),
            hour: sql<number>`count(*) filter (where ${loginFailures.createdAt} > ${hourSince.toISOString()}::timestamptz)`.mapWith(Number),
            last: sql<string | null>`max(${loginFailures.createdAt})`,
          })
          .from(loginFailures)
          .where(and(eq(loginFailures.ipHash, row.ipHash), gt(loginFailures.createdAt, daySince)));
        const refused = refusal({ day: found?.day ?? 0, hour: found?.hour ?? 0, last: found?.last ? new Date(found.last) : null });
        if (refused) throw refused;
        const [created] = await tx.insert(loginFailures).values(row).returning({ id: loginFailures.id });
        return created!.id;
      });
    },

    /** The try was a login: it is no failure. */
    async forgetTry(id: string) {
      await db.delete(loginFailures).where(eq(loginFailures.id, id));
    },

    /** Failures older than `before` count for nothing: deleted. */
    async forgetFailuresBefore(before: Date) {
      await db.delete(loginFailures).where(lt(loginFailures.createdAt, before));
    },

    /**
     * Records a new code unless `refusal` refuses it given the mobile's codes since `mobileSince`
     * (how many, the last one's time) and the address's since `ipSince`. The mobile's requests
     * take turns, then the address's, so parallel requests count each other's codes.
     */
    async insertCodeWithinLimits(row: typeof smsCodes.$inferInsert, mobileSince: Date, ipSince: Date, refusal: (codes: CodesSent) => Error | null) {
      return inTurn(
        db,
        [
          ['sms-code-mobile', row.mobileHash],
          ['sms-code-address', row.ipHash],
        ],
        async (tx) => {
          const [mobile] = await tx
            .select({ n: count(), last: sql<string | null>`max(${smsCodes.createdAt})` })
            .from(smsCodes)
            .where(and(eq(smsCodes.mobileHash, row.mobileHash), gt(smsCodes.createdAt, mobileSince)));
          const [ip] = await tx
            .select({ n: count() })
            .from(smsCodes)
            .where(and(eq(smsCodes.ipHash, row.ipHash), gt(smsCodes.createdAt, ipSince)));
          const refused = refusal({ mobile: mobile?.n ?? 0, mobileLast: mobile?.last ? new Date(mobile.last) : null, ip: ip?.n ?? 0 });
          if (refused) throw refused;
          const [created] = await tx.insert(smsCodes).values(row).returning({ id: smsCodes.id });
          return created!.id;
        },
      );
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
