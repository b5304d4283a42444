import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cursorText, olderThan, type KeysetCursor } from '../../db/keyset';
import { memberLevels, memberPoints } from '../../db/schema';

/** 会员等级: a person's total (member_levels) and their ledger of awards, newest first. */
export function createLevelsRepo(db: Db) {
  return {
    async points(userId: string) {
      const [row] = await db.select({ points: memberLevels.points }).from(memberLevels).where(eq(memberLevels.userId, userId)).limit(1);
      return row?.points ?? 0;
    },

    history(userId: string, cursor: KeysetCursor | null, limit: number) {
      return db
        .select({ id: memberPoints.id, reason: memberPoints.reason, points: memberPoints.points, at: memberPoints.createdAt, cursorAt: cursorText(memberPoints.createdAt) })
        .from(memberPoints)
        .where(and(eq(memberPoints.userId, userId), olderThan(memberPoints.createdAt, memberPoints.id, cursor)))
        .orderBy(desc(memberPoints.createdAt), desc(memberPoints.id))
        .limit(limit + 1);
    },
  };
}
export type LevelsRepo = ReturnType<typeof createLevelsRepo>;
