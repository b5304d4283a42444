import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { communities, communityAdmins, entryLogs, registrations, staff, users } from '../../db/schema';

export function createManageRepo(db: Db) {
  return {
    /** The administrator's communities with real counts of registrations and log lines. */
    async administeredBy(userId: string) {
      return db
        .select({
          poiId: communities.poiId,
          community: communities.name,
          regNums: sql<number>`(select count(*)::int from ${registrations} where ${registrations.poiId} = ${communities.poiId})`,
          signLogs: sql<number>`(select count(*)::int from ${entryLogs} where ${entryLogs.poiId} = ${communities.poiId})`,
        })
        .from(communityAdmins)
        .innerJoin(communities, eq(communities.poiId, communityAdmins.poiId))
        .where(eq(communityAdmins.userId, userId))
        .orderBy(asc(communities.name));
    },

    async staffOf(poiId: string) {
      return db
        .select({ id: staff.id, userId: staff.userId, username: staff.username, level: staff.level, openId: users.openId, mobileEnc: users.mobileEnc })
        .from(staff)
        .innerJoin(users, eq(users.id, staff.userId))
        .where(eq(staff.poiId, poiId))
        .orderBy(asc(staff.level), asc(staff.createdAt));
    },

    async userByMobileHash(mobileHash: string) {
      const [row] = await db.select({ id: users.id, openId: users.openId }).from(users).where(eq(users.mobileHash, mobileHash)).limit(1);
      return row ?? null;
    },

    async staffByOpenId(poiId: string, openId: string) {
      const [row] = await db
        .select({ id: staff.id, userId: staff.userId, level: staff.level })
        .from(staff)
        .innerJoin(users, eq(users.id, staff.userId))
        .where(and(eq(staff.poiId, poiId), eq(users.openId, openId)))
        .limit(1);
      return row ?? null;
    },

    /** Adds staff; false when the person already is staff here (the unique key decides, not a prior read). */
    async addStaff(row: typeof staff.$inferInsert) {
      const inserted = await db.insert(staff).values(row).onConflictDoNothing().returning({ id: staff.id });
      return inserted.length === 1;
    },

    async removeStaff(id: string) {
      await db.delete(staff).where(eq(staff.id, id));
    },
  };
}
export type ManageRepo = ReturnType<typeof createManageRepo>;
