import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { olderThan, type KeysetCursor } from '../../db/keyset';
import { boardComments, boardLikes, boardPosts, users } from '../../db/schema';
import { cardColumns, staffMark } from './card-columns';

/** Literal, not a parameter: the partial indexes (board_posts_feed_idx …) are chosen on it. */
const VISIBLE = sql`${boardPosts.status} = 'visible'`;
const notPinnedAt = (now: Date) => sql`(${boardPosts.pinnedUntil} is null or ${boardPosts.pinnedUntil} <= ${now.toISOString()}::timestamptz)`;
const ofKind = (kind: string | undefined) => (kind ? eq(boardPosts.kind, kind) : undefined);

/** The board's lists: the feed, its pinned posts, search and one person's posts, newest first. */
export function createFeedRepo(db: Db) {
  const cards = (viewerId: string, where: SQL | undefined, limit: number) =>
    db
      .select(cardColumns(viewerId))
      .from(boardPosts)
      .innerJoin(users, eq(users.id, boardPosts.authorId))
      .where(where)
      // NULLS LAST as the indexes are built (migration 0018): PostgreSQL's default for DESC is
      // NULLS FIRST, and an order that differs from the index's sorts the whole community instead
      // (bench board: 375 ms a page on 100,000 posts).
      .orderBy(sql`${boardPosts.createdAt} desc nulls last`, sql`${boardPosts.id} desc nulls last`)
      .limit(limit);

  return {
    /**
     * Visible posts not pinned at `now` (the pinned ones head the first page instead), served by
     * board_posts_feed_idx or, with a kind, board_posts_kind_feed_idx.
     */
    feed: (q: { poiId: string; kind?: string; viewerId: string; cursor: KeysetCursor | null; limit: number; now: Date }) =>
      cards(q.viewerId, and(eq(boardPosts.poiId, q.poiId), VISIBLE, ofKind(q.kind), notPinnedAt(q.now), olderThan(boardPosts.createdAt, boardPosts.id, q.cursor)), q.limit),

    /** Visible posts pinned at `now` (a handful: staff pin them by hand). */
    pinned: (q: { poiId: string; kind?: string; viewerId: string; now: Date }) =>
      cards(q.viewerId, and(eq(boardPosts.poiId, q.poiId), VISIBLE, ofKind(q.kind), sql`${boardPosts.pinnedUntil} > ${q.now.toISOString()}::timestamptz`), 50),

    /**
     * Visible posts whose text or visible comments hold `keyword`: `terms` (search-terms.ts)
     * narrow them through the GIN indexes, then the words themselves are checked (two pairs of a
     * three-character word may also meet apart).
     */
    search(q: { poiId: string; kind?: string; terms: string[]; keyword: string; viewerId: string; cursor: KeysetCursor | null; limit: number }) {
      const terms = sql`${sql.param(q.terms)}::text[]`;
      const needle = q.keyword.toLowerCase();
      const inPosts = db
        .select({ id: boardPosts.id })
        .from(boardPosts)
        .where(and(eq(boardPosts.poiId, q.poiId), sql`${boardPosts.searchTerms} @> ${terms}`, sql`strpos(lower(${boardPosts.text}), ${needle}) > 0`));
      const inComments = db
        .select({ id: boardComments.postId })
        .from(boardComments)
        .where(
          and(
            eq(boardComments.poiId, q.poiId),
            sql`${boardComments.status} = 'visible'`,
            sql`${boardComments.searchTerms} @> ${terms}`,
            sql`strpos(lower(${boardComments.text}), ${needle}) > 0`,
          ),
        );
      const matching = q.terms.length ? sql`${boardPosts.id} in (${inPosts.union(inComments)})` : undefined;
      return cards(q.viewerId, and(eq(boardPosts.poiId, q.poiId), VISIBLE, ofKind(q.kind), matching, olderThan(boardPosts.createdAt, boardPosts.id, q.cursor)), q.limit);
    },

    /** One person's posts in a community; `hidden`: also held and removed ones (their own view). */
    byAuthor: (q: { poiId: string; authorId: string; hidden: boolean; viewerId: string; cursor: KeysetCursor | null; limit: number }) =>
      cards(
        q.viewerId,
        and(
          eq(boardPosts.authorId, q.authorId),
          eq(boardPosts.poiId, q.poiId),
          q.hidden ? inArray(boardPosts.status, ['visible', 'held', 'removed']) : VISIBLE,
          olderThan(boardPosts.createdAt, boardPosts.id, q.cursor),
        ),
        q.limit,
      ),

    /** One post as a card (any status: the service decides who sees it). */
    async card(id: string, viewerId: string) {
      const [row] = await cards(viewerId, eq(boardPosts.id, id), 1);
      return row ?? null;
    },

    /** Which of these posts the person liked. */
    async likedAmong(userId: string, postIds: string[]): Promise<Set<string>> {
      if (!postIds.length) return new Set();
      const rows = await db
        .select({ postId: boardLikes.postId })
        .from(boardLikes)
        .where(and(eq(boardLikes.userId, userId), inArray(boardLikes.postId, postIds)));
      return new Set(rows.map((r) => r.postId));
    },

    async isStaff(userId: string, poiId: string) {
      const [row] = await db.select({ staff: staffMark(sql`${userId}::uuid`, sql`${poiId}`) }).from(sql`(select 1) as one`);
      return row?.staff ?? false;
    },

    async personByOpenId(openId: string) {
      const [row] = await db.select({ id: users.id, openId: users.openId, username: users.username, avatar: users.avatar }).from(users).where(eq(users.openId, openId)).limit(1);
      return row ?? null;
    },
  };
}
export type FeedRepo = ReturnType<typeof createFeedRepo>;
export type CardRow = Awaited<ReturnType<FeedRepo['feed']>>[number];
