import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { communities, communityAdmins, entryLogs, registrations } from '../../db/schema';

// Hours and days are read in Beijing time: China has one zone and no daylight saving.
const beijing = sql`${entryLogs.createdAt} at time zone 'Asia/Shanghai'`;

export function createDashboardRepo(db: Db) {
  return {
    async communitiesOf(poiIds: string[]) {
      return db.select({ poiId: communities.poiId, community: communities.name }).from(communities).where(inArray(communities.poiId, poiIds)).orderBy(asc(communities.name));
    },

    async administeredBy(userId: string) {
      const rows = await db.select({ poiId: communityAdmins.poiId }).from(communityAdmins).where(eq(communityAdmins.userId, userId));
      return rows.map((r) => r.poiId);
    },

    /** Log lines since `from`, counted per Beijing hour of day and per Beijing date, by direction. */
    async traffic(poiIds: string[], from: Date) {
      return db
        .select({
          date: sql<string>`to_char(${beijing}, 'YYYY-MM-DD')`,
          hour: sql<number>`extract(hour from ${beijing})::int`,
          direction: entryLogs.direction,
          n: sql<number>`count(*)::int`,
        })
        .from(entryLogs)
        .where(and(inArray(entryLogs.poiId, poiIds), gte(entryLogs.createdAt, from)))
        .groupBy(sql`1`, sql`2`, entryLogs.direction);
    },

    async registrationsByStatus(poiIds: string[]) {
      return db
        .select({ status: registrations.status, n: sql<number>`count(*)::int` })
        .from(registrations)
        .where(inArray(registrations.poiId, poiIds))
        .groupBy(registrations.status);
    },

    /** Pending registrations, the longest waiting first (a re-submit starts the wait again). */
    async longestWaiting(poiIds: string[], limit: number) {
      return db
        .select({ id: registrations.id, poiId: registrations.poiId, community: communities.name, name: registrations.name, owner: registrations.owner, since: registrations.updatedAt })
        .from(registrations)
        .innerJoin(communities, eq(communities.poiId, registrations.poiId))
        .where(and(inArray(registrations.poiId, poiIds), eq(registrations.status, 0)))
        .orderBy(asc(registrations.updatedAt), asc(registrations.id))
        .limit(limit);
    },
  };
}
export type DashboardRepo = ReturnType<typeof createDashboardRepo>;
