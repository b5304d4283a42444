import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { communities, communityAdmins, registrations, staff, unitOwners, units, userCommunities, users } from '../../db/schema';

/**
 * A caller's standing in a community as two columns of a select from `communities` (whether they
 * administer it, their staff level or null): the scan asks it in the same statement as its other
 * reads (gate-repo, scanContext).
 */
export const standingColumns = (userId: SQLWrapper, poiId: SQLWrapper) => ({
  administrator: sql<boolean>`exists (select 1 from ${communityAdmins} where ${and(eq(communityAdmins.userId, userId), eq(communityAdmins.poiId, poiId))})`,
  level: sql<number | null>`(select ${staff.level} from ${staff} where ${and(eq(staff.userId, userId), eq(staff.poiId, poiId))})`,
});
export type Standing = { administrator: boolean; level: number | null };

export function createAccessRepo(db: Db) {
  // Asked by every staff request: built once and prepared (drizzle's query building cost more CPU
  // than PostgreSQL spent answering it).
  const poiId = sql.placeholder('poiId');
  const standing = db
    .select(standingColumns(sql.placeholder('userId'), poiId))
    .from(communities)
    .where(eq(communities.poiId, poiId))
    .prepare('access_standing');
  // Asked by every request of a resident in a community (the board, events, orders …): prepared too.
  const user = sql`${sql.placeholder('userId')}::uuid`;
  const today = sql`${sql.placeholder('today')}::date`;
  const residence = db
    .select({
      ...standingColumns(user, poiId),
      resident: sql<boolean>`(exists (select 1 from ${registrations} where ${registrations.poiId} = ${poiId} and ${registrations.userId} = ${user}
          and ${registrations.status} = 1 and ${registrations.owner} <> '访客' and (${registrations.expireTime} is null or ${registrations.expireTime} >= ${today}))
        or exists (select 1 from ${unitOwners} inner join ${units} on ${units.id} = ${unitOwners.unitId} where ${units.poiId} = ${poiId}
          and ${unitOwners.mobileHash} = (select ${users.mobileHash} from ${users} where ${users.id} = ${user})))`,
      // Joined it as their current community (spec moveTime ≠ 0): may read what its members write.
      joined: sql<boolean>`exists (select 1 from ${userCommunities} where ${userCommunities.userId} = ${user} and ${userCommunities.poiId} = ${poiId} and ${userCommunities.movedAt} is not null)`,
    })
    .from(communities)
    .where(eq(communities.poiId, poiId))
    .prepare('access_residence');

  return {
    async communityExists(poiId: string) {
      const [row] = await db.select({ poiId: communities.poiId }).from(communities).where(eq(communities.poiId, poiId)).limit(1);
      return Boolean(row);
    },
    /**
     * The caller's standing in one community in one round trip: no row when the community does not
     * exist, else whether they administer it and their staff level (null: not staff).
     */
    async standing(userId: string, poiId: string) {
      const [row] = await standing.execute({ userId, poiId });
      return row ?? null;
    },
    /**
     * `standing`, and whether the person lives there: a registration approved there as anything
     * but a visitor (a tenant's only until its end date), or a home of theirs in its unit register.
     * No row when the community does not exist. `today`: Beijing YYYY-MM-DD.
     */
    async residence(userId: string, poiId: string, today: string) {
      const [row] = await residence.execute({ userId, poiId, today });
      return row ?? null;
    },
    /** Whether the person is staff or an administrator of any community. */
    async isStaffAnywhere(userId: string) {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(staff)
        .where(eq(staff.userId, userId))
        .union(db.select({ one: sql<number>`1` }).from(communityAdmins).where(eq(communityAdmins.userId, userId)))
        .limit(1);
      return Boolean(row);
    },

    async isOperator(userId: string) {
      const [row] = await db.select({ isOperator: users.isOperator }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.isOperator ?? false;
    },
  };
}
export type AccessRepo = ReturnType<typeof createAccessRepo>;
