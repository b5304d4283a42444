import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/in-turn';
import { images } from '../../db/schema';
import type { ProcessedImage } from './process';

export function createImagesRepo(db: Db) {
  return {
    /** How many photos one person uploaded to a community since `since` (IMAGE_UPLOADS_PER_HOUR). */
    async uploadsSince(q: Db | Tx, poiId: string, uploaderId: string, since: Date): Promise<number> {
      const [row] = await q
        .select({ n: count() })
        .from(images)
        .where(and(eq(images.uploaderId, uploaderId), eq(images.poiId, poiId), gt(images.createdAt, since)));
      return row?.n ?? 0;
    },

    /**
     * Stores a photo; the same photo again (same hash) stays one row, now its latest uploader's
     * (the one about to post it; uses.ts lets only the uploader use an unused photo) with its
     * day (retention) starting again.
     */
    async save(tx: Tx, poiId: string, uploaderId: string, image: ProcessedImage, at: Date): Promise<void> {
      const { hash, mime, web, thumb, width, height } = image;
      await tx
        .insert(images)
        .values({ poiId, hash, uploaderId, mime, web, thumb, width, height, createdAt: at })
        .onConflictDoUpdate({ target: [images.poiId, images.hash], set: { uploaderId, createdAt: at } });
    },

    /** One size's bytes and type, or null. */
    async bytes(poiId: string, hash: string, size: 'web' | 'thumb'): Promise<{ mime: string; body: Buffer } | null> {
      const [row] = await db
        .select({ mime: images.mime, body: size === 'thumb' ? images.thumb : images.web })
        .from(images)
        .where(and(eq(images.poiId, poiId), eq(images.hash, hash)))
        .limit(1);
      return row ?? null;
    },
  };
}
export type ImagesRepo = ReturnType<typeof createImagesRepo>;
