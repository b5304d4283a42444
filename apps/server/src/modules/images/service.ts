import { beijingDate } from '@sq/contract/beijing-time';
import { IMAGE_MAX_BYTES, IMAGE_UPLOADS_PER_HOUR, ImageMsg, imageUrl, type ImagePurpose, type ImageSize } from '@sq/contract/images/image-rules';
import type { StoredImage } from '@sq/contract/images/upload-image';
import type { Db } from '../../db/client';
import { inTurn } from '../../db/in-turn';
import { badRequest, forbidden, notFound, tooManyRequests } from '../../lib/errors';
import type { AccessService } from '../access/service';
import type { Caller } from '../auth/caller';
import { processImage } from './process';
import type { ImagesRepo } from './repo';

const HOUR_MS = 3_600_000;
const HASH = /^[A-Za-z0-9_-]{43}$/;

/**
 * Photos people upload (DESIGN.md §9 "Images"): taken from a community's members only, limited
 * in size and number, stored resized and without metadata; served to whoever may read that
 * community. What uses a photo is each domain's own business (uses.ts).
 */
export function createImagesService(deps: { db: Db; repo: ImagesRepo; access: AccessService; now: () => Date }) {
  const { db, repo, access, now } = deps;

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
      // Counted again in the person's turn: parallel uploads cannot all pass the last free place.
      await inTurn(db, [['image-uploads', `${scope.poiId} ${caller.userId}`]], async (tx) => {
        if ((await repo.uploadsSince(tx, scope.poiId, caller.userId, since)) >= IMAGE_UPLOADS_PER_HOUR) throw full();
        await repo.save(tx, scope.poiId, caller.userId, image, at);
      });
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

    async bytes(poiId: string, hash: string, size: ImageSize) {
      const found = HASH.test(hash) ? await repo.bytes(poiId, hash, size) : null;
      if (!found) throw notFound(ImageMsg.notFound);
      return found;
    },
  };
}
export type ImagesService = ReturnType<typeof createImagesService>;
