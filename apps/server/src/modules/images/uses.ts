import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { ImageMsg } from '@sq/contract/images/image-rules';
import type { Db } from '../../db/client';
import { imageRefs, images, type BoardImage } from '../../db/schema';
import { badRequest } from '../../lib/errors';

/**
 * How other domains use uploaded photos (DESIGN.md §9): a post, an event, a shop names its photos
 * by hash and records itself as their user (`ref`: 'post:<uuid>' …). A photo nobody uses is deleted
 * by the retention job (images/retention.ts), so a post's deletion only drops its uses.
 */
export function createImageUses() {
  return {
    /**
     * Records `ref` as the user of `hashes`, which must be photos of `poiId` that `uploaderId`
     * uploaded or that `ref` already uses (an edit keeps its photos); answers them in the given
     * order with their sizes. 400 `ImageMsg`-style message when one is not there.
     */
    async use(tx: Db, input: { poiId: string; uploaderId: string; hashes: readonly string[]; ref: string; missing?: string }): Promise<BoardImage[]> {
      const { poiId, uploaderId, ref } = input;
      const hashes = [...new Set(input.hashes)];
      if (hashes.length === 0) {
        await tx.delete(imageRefs).where(eq(imageRefs.ref, ref));
        return [];
      }
      const found = await tx
        .select({ hash: images.hash, width: images.width, height: images.height, uploaderId: images.uploaderId, usedByRef: imageRefs.ref })
        .from(images)
        .leftJoin(imageRefs, and(eq(imageRefs.poiId, images.poiId), eq(imageRefs.hash, images.hash), eq(imageRefs.ref, ref)))
        .where(and(eq(images.poiId, poiId), inArray(images.hash, hashes)));
      const byHash = new Map(found.filter((r) => r.uploaderId === uploaderId || r.usedByRef === ref).map((r) => [r.hash, r]));
      if (byHash.size !== hashes.length) throw badRequest(input.missing ?? ImageMsg.notFound);
      await tx
        .insert(imageRefs)
        .values(hashes.map((hash) => ({ poiId, hash, ref })))
        .onConflictDoNothing();
      await tx.delete(imageRefs).where(and(eq(imageRefs.ref, ref), notInArray(imageRefs.hash, hashes)));
      return hashes.map((hash) => {
        const r = byHash.get(hash)!;
        return { hash, width: r.width, height: r.height };
      });
    },

    /** `ref` no longer uses any photo (its content was deleted for good). */
    async release(tx: Db, ref: string): Promise<void> {
      await tx.delete(imageRefs).where(eq(imageRefs.ref, ref));
    },
  };
}
export type ImageUses = ReturnType<typeof createImageUses>;
