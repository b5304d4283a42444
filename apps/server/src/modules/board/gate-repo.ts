import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { boardMutes, boardRuleAcceptances } from '../../db/schema';

/** What lets a member write on a community's board: the rules accepted, and no mute running. */
export function createWriteGateRepo(db: Db) {
  return {
    async accepted(poiId: string, userId: string) {
      const [row] = await db
        .select({ at: boardRuleAcceptances.acceptedAt })
        .from(boardRuleAcceptances)
        .where(and(eq(boardRuleAcceptances.poiId, poiId), eq(boardRuleAcceptances.userId, userId)))
        .limit(1);
      return Boolean(row);
    },

    async accept(poiId: string, userId: string, now: Date) {
      await db.insert(boardRuleAcceptances).values({ poiId, userId, acceptedAt: now }).onConflictDoNothing();
    },

    /** Until when the person is muted here, or null. */
    async mutedUntil(poiId: string, userId: string, now: Date) {
      const [row] = await db
        .select({ until: boardMutes.until })
        .from(boardMutes)
        .where(and(eq(boardMutes.poiId, poiId), eq(boardMutes.userId, userId), gt(boardMutes.until, now)))
        .limit(1);
      return row?.until ?? null;
    },
  };
}
export type WriteGateRepo = ReturnType<typeof createWriteGateRepo>;
