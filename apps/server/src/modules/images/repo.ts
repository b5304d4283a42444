import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/in-turn';
import { images } from '../../db/schema';
import type { ProcessedImage } from './process';
import type { StoreKind, StoredBytes } from './store';

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
     * Stores a photo's row (its bytes too when `kept` carries them: store.ts); the same photo again
     * (same hash) stays one row, now its latest uploader's (the one about to post it; uses.ts lets
     * only the uploader use an unused photo) with its day (retention) starting again, and its bytes
     * where they already were. Answers where that is.
     */
    async save(tx: Tx, poiId: string, uploaderId: string, image: ProcessedImage, kept: { store: StoreKind; web: Buffer | null; thumb: Buffer | null }, at: Date): Promise<StoreKind> {
      const { hash, mime, width, height } = image;
      const [row] = await tx
        .insert(images)
        .values({ poiId, hash, uploaderId, mime, web: kept.web, thumb: kept.thumb, store: kept.store, width, height, createdAt: at })
        .onConflictDoUpdate({ target: [images.poiId, images.hash], set: { uploaderId, createdAt: at } })
        .returning({ store: images.store });
      return row!.store;
    },

    /** Where a photo's bytes are, or null when there is no such photo. */
    async storeOf(poiId: string, hash: string): Promise<StoreKind | null> {
      const [row] = await db.select({ store: images.store }).from(images).where(and(eq(images.poiId, poiId), eq(images.hash, hash))).limit(1);
      return row?.store ?? null;
    },

    /** One size's type and where its bytes are (the bytes themselves when PostgreSQL keeps them), or null. */
    async bytes(poiId: string, hash: string, size: 'web' | 'thumb'): Promise<({ mime: string } & StoredBytes) | null> {
      const [row] = await db
        .select({ mime: images.mime, store: images.store, inline: size === 'thumb' ? images.thumb : images.web })
        .from(images)
        .where(and(eq(images.poiId, poiId), eq(images.hash, hash)))
        .limit(1);
      return row ?? null;
    },
  };
}
export type ImagesRepo = ReturnType<typeof createImagesRepo>;
