import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { communities, communityAdmins, users } from '../../db/schema';

/** What the operators' command line changes: administrators of communities and platform operators. */
export function createAdminRepo(db: Db) {
  return {
    async userByMobileHash(mobileHash: string) {
      const [row] = await db.select({ id: users.id, username: users.username }).from(users).where(eq(users.mobileHash, mobileHash)).limit(1);
      return row ?? null;
    },
    async communityName(poiId: string) {
      const [row] = await db.select({ name: communities.name }).from(communities).where(eq(communities.poiId, poiId)).limit(1);
      return row?.name ?? null;
    },
    async grantAdmin(userId: string, poiId: string) {
      await db.insert(communityAdmins).values({ userId, poiId }).onConflictDoNothing();
    },
    async revokeAdmin(userId: string, poiId: string) {
      const rows = await db
        .delete(communityAdmins)
        .where(and(eq(communityAdmins.userId, userId), eq(communityAdmins.poiId, poiId)))
        .returning({ poiId: communityAdmins.poiId });
      return rows.length > 0;
    },
    async setOperator(userId: string, isOperator: boolean) {
      await db.update(users).set({ isOperator }).where(eq(users.id, userId));
    },
    async admins() {
      return db
        .select({ username: users.username, mobileEnc: users.mobileEnc, poiId: communityAdmins.poiId, community: communities.name })
        .from(communityAdmins)
        .innerJoin(users, eq(users.id, communityAdmins.userId))
        .innerJoin(communities, eq(communities.poiId, communityAdmins.poiId));
    },
  };
}
