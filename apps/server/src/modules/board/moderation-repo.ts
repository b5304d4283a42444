import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { boardMutes, boardPosts, boardReports, users } from '../../db/schema';
import { awardPoints } from '../levels/points';
import type { CommentsRepo } from './comments-repo';

export interface Decision {
  status: 'visible' | 'removed';
  removedReason: string | null;
  by: string;
  at: Date;
}

/** Staff's decisions: approve or remove content (closing its reports), pins and mutes. */
export function createModerationRepo(db: Db, comments: CommentsRepo) {
  const closeReports = (target: 'post' | 'comment', id: string, at: Date) =>
    db
      .update(boardReports)
      .set({ resolvedAt: at })
      .where(and(eq(boardReports.target, target), eq(boardReports.targetId, id), isNull(boardReports.resolvedAt)));

  return {
    async decidePost(id: string, d: Decision) {
      await db
        .update(boardPosts)
        .set({
          status: d.status,
          heldReasons: [],
          reportCount: 0,
          removedReason: d.removedReason,
          moderatedBy: d.by,
          moderatedAt: d.at,
          hiddenAt: d.status === 'removed' ? d.at : null,
          ...(d.status === 'removed' ? { pinnedUntil: null } : {}),
        })
        .where(eq(boardPosts.id, id));
      await closeReports('post', id, d.at);
    },

    async decideComment(id: string, d: Decision) {
      await comments.setStatus(id, {
        status: d.status,
        heldReasons: [],
        reportCount: 0,
        removedReason: d.removedReason,
        moderatedBy: d.by,
        moderatedAt: d.at,
        hiddenAt: d.status === 'removed' ? d.at : null,
      });
      await closeReports('comment', id, d.at);
    },

    /**
     * Marks a post useful once (useful_at set only while null) and awards its author postUseful
     * points in the same transaction. Null when it was marked before.
     */
    async markUseful(id: string, by: string, at: Date) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(boardPosts)
          .set({ usefulAt: at, usefulBy: by })
          .where(and(eq(boardPosts.id, id), isNull(boardPosts.usefulAt)))
          .returning({ authorId: boardPosts.authorId, poiId: boardPosts.poiId });
        if (!row) return null;
        return { userId: row.authorId, poiId: row.poiId, level: await awardPoints(tx, { userId: row.authorId, reason: 'postUseful', ref: id, poiId: row.poiId }) };
      });
    },

    async usefulAt(id: string) {
      const [row] = await db.select({ at: boardPosts.usefulAt }).from(boardPosts).where(eq(boardPosts.id, id)).limit(1);
      return row?.at ?? null;
    },

    async pin(id: string, until: Date | null) {
      await db.update(boardPosts).set({ pinnedUntil: until }).where(eq(boardPosts.id, id));
    },

    async mute(m: { poiId: string; userId: string; until: Date; reason: string; by: string; at: Date }) {
      await db
        .insert(boardMutes)
        .values({ poiId: m.poiId, userId: m.userId, until: m.until, reason: m.reason, mutedBy: m.by, createdAt: m.at })
        .onConflictDoUpdate({ target: [boardMutes.poiId, boardMutes.userId], set: { until: m.until, reason: m.reason, mutedBy: m.by, createdAt: m.at } });
    },

    async unmute(poiId: string, userId: string) {
      await db.delete(boardMutes).where(and(eq(boardMutes.poiId, poiId), eq(boardMutes.userId, userId)));
    },

    /** Who is muted here now, newest mute first. */
    mutes: (poiId: string, now: Date) =>
      db
        .select({ openId: users.openId, username: users.username, mobileEnc: users.mobileEnc, until: boardMutes.until, reason: boardMutes.reason, mutedAt: boardMutes.createdAt })
        .from(boardMutes)
        .innerJoin(users, eq(users.id, boardMutes.userId))
        .where(and(eq(boardMutes.poiId, poiId), gt(boardMutes.until, now)))
        .orderBy(sql`${boardMutes.createdAt} desc`)
        .limit(500),

    /** A person by openId with the masked-mobile material staff see. */
    async person(openId: string) {
      const [row] = await db.select({ id: users.id, openId: users.openId, username: users.username, mobileEnc: users.mobileEnc }).from(users).where(eq(users.openId, openId)).limit(1);
      return row ?? null;
    },
  };
}
export type ModerationRepo = ReturnType<typeof createModerationRepo>;
