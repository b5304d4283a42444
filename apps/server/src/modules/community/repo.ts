import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { communities, streets, userCommunities, users } from '../../db/schema';
import type { ProviderCommunity } from '../map/provider';

export function createCommunityRepo(db: Db) {
  return {
    async community(poiId: string) {
      const [row] = await db
        .select({ community: communities, streetName: streets.name })
        .from(communities)
        .leftJoin(streets, eq(streets.streetId, communities.streetId))
        .where(eq(communities.poiId, poiId))
        .limit(1);
      return row ? { ...row.community, streetName: row.streetName ?? '' } : null;
    },

    /** Records a community the map service knows, with its street; a concurrent insert wins harmlessly. */
    async importCommunity(c: ProviderCommunity) {
      await db.transaction(async (tx) => {
        if (c.street) await tx.insert(streets).values(c.street).onConflictDoNothing();
        const { street, ...rest } = c;
        await tx.insert(communities).values({ ...rest, streetId: street?.streetId ?? null }).onConflictDoNothing();
      });
    },

    /** Sets the user's one current community; `movedAt` null = chosen, not joined. */
    async setCurrent(userId: string, poiId: string, movedAt: Date | null) {
      await db
        .insert(userCommunities)
        .values({ userId, poiId, movedAt })
        .onConflictDoUpdate({ target: userCommunities.userId, set: { poiId, movedAt } });
    },

    neighbours(poiId: string, limit: number, offset: number) {
      return db
        .select({ openId: users.openId, avatar: users.avatar, username: users.username })
        .from(userCommunities)
        .innerJoin(users, eq(users.id, userCommunities.userId))
        .where(and(eq(userCommunities.poiId, poiId), isNotNull(userCommunities.movedAt)))
        .orderBy(desc(userCommunities.movedAt), users.openId)
        .limit(limit)
        .offset(offset);
    },

    async neighbourCount(poiId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(userCommunities)
        .where(and(eq(userCommunities.poiId, poiId), isNotNull(userCommunities.movedAt)));
      return row?.n ?? 0;
    },
  };
}
export type CommunityRepo = ReturnType<typeof createCommunityRepo>;
