import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inTurn } from '../../db/in-turn';
import { boardLikes, boardPosts, type BoardImage } from '../../db/schema';
import type { ImageUses } from '../images/uses';

export interface PostFields {
  kind: string;
  text: string;
  searchTerms: string[];
  priceFen: number | null;
  showPhone: boolean;
  status: 'visible' | 'held';
  heldReasons: string[];
}

export const postRef = (id: string) => `post:${id}`;

/** Posts written, edited, deleted, liked. Each write is one transaction with its photos' uses. */
export function createPostsRepo(db: Db, uses: ImageUses) {
  return {
    async find(id: string) {
      const [row] = await db
        .select({
          id: boardPosts.id,
          poiId: boardPosts.poiId,
          authorId: boardPosts.authorId,
          kind: boardPosts.kind,
          text: boardPosts.text,
          status: boardPosts.status,
          heldReasons: boardPosts.heldReasons,
          images: boardPosts.images,
        })
        .from(boardPosts)
        .where(eq(boardPosts.id, id))
        .limit(1);
      return row ?? null;
    },

    /**
     * A new post, unless its author wrote `perHour` posts in the hour before `now` (null then).
     * The author's writes take turns, so parallel requests count each other. The photos must be
     * the author's uploads in the community (400 from `uses.use` otherwise; nothing is kept).
     */
    async create(p: PostFields & { poiId: string; authorId: string; hashes: string[]; missing: string; perHour: number; now: Date }) {
      return inTurn(db, [['board-writes', p.authorId]], async (tx) => {
        const [recent] = await tx
          .select({ n: count() })
          .from(boardPosts)
          .where(and(eq(boardPosts.authorId, p.authorId), gt(boardPosts.createdAt, new Date(p.now.getTime() - 3_600_000))));
        if (recent!.n >= p.perHour) return null;
        const [row] = await tx
          .insert(boardPosts)
          .values({
            poiId: p.poiId,
            authorId: p.authorId,
            kind: p.kind,
            text: p.text,
            searchTerms: p.searchTerms,
            priceFen: p.priceFen,
            showPhone: p.showPhone,
            status: p.status,
            heldReasons: p.heldReasons,
            createdAt: p.now,
          })
          .returning({ id: boardPosts.id });
        const images = await uses.use(tx, { poiId: p.poiId, uploaderId: p.authorId, hashes: p.hashes, ref: postRef(row!.id), missing: p.missing });
        if (images.length) await tx.update(boardPosts).set({ images }).where(eq(boardPosts.id, row!.id));
        return row!.id;
      });
    },

    /** The author's edit: everything again (photos the post already had stay allowed). */
    async edit(id: string, p: PostFields & { poiId: string; authorId: string; hashes: string[]; missing: string; now: Date }) {
      await db.transaction(async (tx) => {
        const images: BoardImage[] = await uses.use(tx, { poiId: p.poiId, uploaderId: p.authorId, hashes: p.hashes, ref: postRef(id), missing: p.missing });
        await tx
          .update(boardPosts)
          .set({
            kind: p.kind,
            text: p.text,
            searchTerms: p.searchTerms,
            priceFen: p.priceFen,
            sold: p.kind === 'sale' ? undefined : false,
            showPhone: p.showPhone,
            status: p.status,
            heldReasons: p.heldReasons,
            images,
            editedAt: p.now,
          })
          .where(eq(boardPosts.id, id));
      });
    },

    /** Deleted by its author: hidden at once, kept for the retention period (its photos with it). */
    async markDeleted(id: string, now: Date) {
      await db.update(boardPosts).set({ status: 'deleted', hiddenAt: now, pinnedUntil: null }).where(eq(boardPosts.id, id));
    },

    async setSold(id: string, sold: boolean) {
      await db.update(boardPosts).set({ sold }).where(eq(boardPosts.id, id));
    },

    /**
     * Likes once per person: the key decides, and the count moves only with a row that was
     * really added or removed, under the post's row lock (parallel likes all count).
     */
    async like(postId: string, userId: string, liked: boolean, now: Date): Promise<number> {
      return db.transaction(async (tx) => {
        const changed = liked
          ? await tx.insert(boardLikes).values({ postId, userId, createdAt: now }).onConflictDoNothing().returning({ postId: boardLikes.postId })
          : await tx
              .delete(boardLikes)
              .where(and(eq(boardLikes.postId, postId), eq(boardLikes.userId, userId)))
              .returning({ postId: boardLikes.postId });
        const delta = changed.length * (liked ? 1 : -1);
        const [row] = await tx
          .update(boardPosts)
          .set({ likeCount: sql`${boardPosts.likeCount} + ${delta}` })
          .where(eq(boardPosts.id, postId))
          .returning({ likes: boardPosts.likeCount });
        return row?.likes ?? 0;
      });
    },
  };
}
export type PostsRepo = ReturnType<typeof createPostsRepo>;
