import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userCommunities } from '../../db/schema';

export function createMembershipRepo(db: Db) {
  return {
    async currentOf(userId: string) {
      const [row] = await db.select().from(userCommunities).where(eq(userCommunities.userId, userId)).limit(1);
      return row ?? null;
    },
  };
}
export type MembershipRepo = ReturnType<typeof createMembershipRepo>;
