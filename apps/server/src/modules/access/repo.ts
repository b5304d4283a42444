import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { communities, communityAdmins, staff, users } from '../../db/schema';

export function createAccessRepo(db: Db) {
  return {
    async communityExists(poiId: string) {
      const [row] = await db.select({ poiId: communities.poiId }).from(communities).where(eq(communities.poiId, poiId)).limit(1);
      return Boolean(row);
    },
    async isAdministrator(userId: string, poiId: string) {
      const [row] = await db
        .select({ poiId: communityAdmins.poiId })
        .from(communityAdmins)
        .where(and(eq(communityAdmins.userId, userId), eq(communityAdmins.poiId, poiId)))
        .limit(1);
      return Boolean(row);
    },
    async staffLevel(userId: string, poiId: string) {
      const [row] = await db
        .select({ level: staff.level })
        .from(staff)
        .where(and(eq(staff.userId, userId), eq(staff.poiId, poiId)))
        .limit(1);
      return row?.level ?? null;
    },
    async isOperator(userId: string) {
      const [row] = await db.select({ isOperator: users.isOperator }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.isOperator ?? false;
    },
  };
}
export type AccessRepo = ReturnType<typeof createAccessRepo>;
