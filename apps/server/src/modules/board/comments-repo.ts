import { and, asc, count, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { inTurn } from '../../db/in-turn';
import { cursorText, type KeysetCursor } from '../../db/keyset';
import { boardComments, boardPosts, users } from '../../db/schema';
import { staffMark } from './card-columns';

const repliedTo = alias(users, 'replied_to');

/** Readable to `viewerId`: visible ones, and their own held or removed ones. */
const seenBy = (viewerId: string) =>
  or(sql`${boardComments.status} = 'visible'`, and(eq(boardComments.authorId, viewerId), inArray(boardComments.status, ['held', 'removed'])));

/** Comments in one level of threads; a post's comment count moves with each visible one. */
export function createCommentsRepo(db: Db) {
  const rows = (where: SQL | undefined, limit: number) =>
    db
      .select({
        id: boardComments.id,
        postId: boardComments.postId,
        replyTo: boardComments.replyTo,
        authorId: boardComments.authorId,
        authorOpenId: users.openId,
        authorName: users.username,
        authorAvatar: users.avatar,
        authorStaff: staffMark(boardComments.authorId, boardComments.poiId),
        replyToUsername: repliedTo.username,
        text: boardComments.text,
        status: boardComments.status,
        heldReasons: boardComments.heldReasons,
        removedReason: boardComments.removedReason,
        createdAt: boardComments.createdAt,
        cursorAt: cursorText(boardComments.createdAt),
      })
      .from(boardComments)
      .innerJoin(users, eq(users.id, boardComments.authorId))
      .leftJoin(repliedTo, eq(repliedTo.id, boardComments.replyToAuthorId))
      .where(where)
      .orderBy(asc(boardComments.createdAt), asc(boardComments.id))
      .limit(limit);

  return {
    /** Top-level comments oldest first, after `cursor` (a conversation reads top-down). */
    threads: (postId: string, viewerId: string, cursor: KeysetCursor | null, limit: number) =>
      rows(
        and(
          eq(boardComments.postId, postId),
          isNull(boardComments.replyTo),
          seenBy(viewerId),
          cursor ? sql`(${boardComments.createdAt}, ${boardComments.id}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined,
        ),
        limit,
      ),

    /** The replies of these threads, oldest first. */
    replies: (postId: string, threadIds: string[], viewerId: string) =>
      threadIds.length ? rows(and(eq(boardComments.postId, postId), inArray(boardComments.replyTo, threadIds), seenBy(viewerId)), 10_000) : Promise.resolve([]),

    async one(id: string) {
      const [row] = await rows(eq(boardComments.id, id), 1);
      return row ?? null;
    },

    async find(id: string) {
      const [row] = await db
        .select({
          id: boardComments.id,
          postId: boardComments.postId,
          poiId: boardComments.poiId,
          authorId: boardComments.authorId,
          replyTo: boardComments.replyTo,
          text: boardComments.text,
          status: boardComments.status,
        })
        .from(boardComments)
        .where(eq(boardComments.id, id))
        .limit(1);
      return row ?? null;
    },

    /**
     * A new comment, unless its author wrote `perHour` in the hour before `now` (null then); a
     * visible one counts on its post at once, in the same transaction.
     */
    async create(c: {
      postId: string;
      poiId: string;
      authorId: string;
      replyTo: string | null;
      replyToAuthorId: string | null;
      text: string;
      searchTerms: string[];
      status: 'visible' | 'held';
      heldReasons: string[];
      perHour: number;
      now: Date;
    }) {
      return inTurn(db, [['board-writes', c.authorId]], async (tx) => {
        const [recent] = await tx
          .select({ n: count() })
          .from(boardComments)
          .where(and(eq(boardComments.authorId, c.authorId), gt(boardComments.createdAt, new Date(c.now.getTime() - 3_600_000))));
        if (recent!.n >= c.perHour) return null;
        const { perHour: _p, now, ...values } = c;
        const [row] = await tx
          .insert(boardComments)
          .values({ ...values, createdAt: now })
          .returning({ id: boardComments.id });
        if (c.status === 'visible') await tx.update(boardPosts).set({ commentCount: sql`${boardPosts.commentCount} + 1` }).where(eq(boardPosts.id, c.postId));
        return row!.id;
      });
    },

    /**
     * Moves a comment to `status` (deleted by its author, removed, approved by staff) and keeps its
     * post's count of visible comments right: the row's old status is read under its lock.
     */
    async setStatus(
      id: string,
      to: { status: string; hiddenAt?: Date | null; removedReason?: string | null; heldReasons?: string[]; reportCount?: number; moderatedBy?: string; moderatedAt?: Date },
    ) {
      return db.transaction(async (tx) => {
        const [old] = await tx.select({ status: boardComments.status, postId: boardComments.postId }).from(boardComments).where(eq(boardComments.id, id)).for('update');
        if (!old) return null;
        await tx.update(boardComments).set(to).where(eq(boardComments.id, id));
        const delta = (to.status === 'visible' ? 1 : 0) - (old.status === 'visible' ? 1 : 0);
        if (delta) await tx.update(boardPosts).set({ commentCount: sql`${boardPosts.commentCount} + ${delta}` }).where(eq(boardPosts.id, old.postId));
        return old.status;
      });
    },
  };
}
export type CommentsRepo = ReturnType<typeof createCommentsRepo>;
export type CommentRow = Awaited<ReturnType<CommentsRepo['threads']>>[number];
