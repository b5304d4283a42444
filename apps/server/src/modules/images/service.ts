import { beijingDate } from '@sq/contract/beijing-time';
import { IMAGE_MAX_BYTES, IMAGE_UPLOADS_PER_HOUR, ImageMsg, imageUrl, type ImagePurpose } from '@sq/contract/images/image-rules';
import type { StoredImage } from '@sq/contract/images/upload-image';
import type { Db } from '../../db/client';
import { inTurn } from '../../db/in-turn';
import { badRequest, forbidden, tooManyRequests } from '../../lib/errors';
import type { AccessService } from '../access/service';
import type { Caller } from '../auth/caller';
import { processImage } from './process';
import type { ImageReader } from './read';
import type { ImagesRepo } from './repo';
import type { ImageStore } from './store';

const HOUR_MS = 3_600_000;

/**
 * Photos people upload (DESIGN.md §9 "Images"): taken from a community's members only, limited
 * in size and number, stored resized and without metadata; served to whoever may read that
 * community. What uses a photo is each domain's own business (uses.ts).
 */
export function createImagesService(deps: { db: Db; repo: ImagesRepo; store: ImageStore; read: ImageReader; access: AccessService; now: () => Date }) {
  const { db, repo, store, access, now } = deps;

  /**
   * Deletes the objects just put for an upload whose row did not come (or is kept in another
   * store), unless a row now names them; best effort: a store or database that is away leaves them.
   */
  const forgetObjects = async (poiId: string, hash: string, rowStore: string | null) => {
    if (store.kind === 'postgres') return;
    try {
      if ((rowStore ?? (await repo.storeOf(poiId, hash))) === store.kind) return;
      await store.remove(store.kind, poiId, hash);
    } catch {
      // Left in the store: see docs/decisions/cluster.md "Photos in an S3-compatible store".
    }
  };

  return {
    /** `body`: the request's bytes as read (a string or nothing when it was not a file). */
    async upload(caller: Caller, query: { poiId: string; purpose: ImagePurpose }, body: unknown): Promise<StoredImage> {
      const at = now();
      const scope = await access.requireReader(caller, query.poiId, beijingDate(at));
      // A shop's photos: its owner need not live in the community they uploaded in (merchants module).
      if (!scope.member && query.purpose !== 'merchant') throw forbidden(ImageMsg.notMember);
      if (body === undefined || body === null || (Buffer.isBuffer(body) && body.length === 0) || body === '') throw badRequest(ImageMsg.empty);
      if (!Buffer.isBuffer(body)) throw badRequest(ImageMsg.notImage);
      if (body.length > IMAGE_MAX_BYTES) throw badRequest(ImageMsg.tooLarge);
      const since = new Date(at.getTime() - HOUR_MS);
      // Asked before the work as well, so a person past the limit costs no decoding.
      const full = () => tooManyRequests(ImageMsg.tooMany, 600);
      if ((await repo.uploadsSince(db, scope.poiId, caller.userId, since)) >= IMAGE_UPLOADS_PER_HOUR) throw full();
      const image = await processImage(body);
      // The bytes first (a store that is away answers 503 here, before anything is written), then
      // the row: a row never names bytes that are not there.
      let inRow: Awaited<ReturnType<ImageStore['put']>>;
      try {
        inRow = await store.put(scope.poiId, image);
      } catch (e) {
        await forgetObjects(scope.poiId, image.hash, null); // one size may have gone in
        throw e;
      }
      const kept = { store: store.kind, ...inRow };
      let keptIn: string;
      try {
        // Counted again in the person's turn: parallel uploads cannot all pass the last free place.
        keptIn = await inTurn(db, [['image-uploads', `${scope.poiId} ${caller.userId}`]], async (tx) => {
          if ((await repo.uploadsSince(tx, scope.poiId, caller.userId, since)) >= IMAGE_UPLOADS_PER_HOUR) throw full();
          return repo.save(tx, scope.poiId, caller.userId, image, kept, at);
        });
      } catch (e) {
        // No row came: objects no row names would be kept for good (retention goes by rows).
        await forgetObjects(scope.poiId, image.hash, null);
        throw e;
      }
      // The same photo was already kept elsewhere (in PostgreSQL, from before IMAGE_STORE=s3): that copy serves.
      if (keptIn !== kept.store) await forgetObjects(scope.poiId, image.hash, keptIn);
      return {
        hash: image.hash,
        url: imageUrl(scope.poiId, image.hash),
        thumbUrl: imageUrl(scope.poiId, image.hash, 'thumb'),
        width: image.width,
        height: image.height,
      };
    },

    /** The community is checked first: nobody learns whether another community holds a photo. */
    async readable(caller: Caller, poiId: string): Promise<void> {
      await access.requireReader(caller, poiId, beijingDate(now()));
    },

    bytes: deps.read,
  };
}
export type ImagesService = ReturnType<typeof createImagesService>;
