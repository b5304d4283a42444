import { ImageMsg, type ImageSize } from '@sq/contract/images/image-rules';
import { notFound } from '../../lib/errors';
import type { ImagesRepo } from './repo';
import type { ImageStore } from './store';

const HASH = /^[A-Za-z0-9_-]{43}$/;

/**
 * A stored photo's bytes, once the caller may see it (images/routes.ts, a shop's photos): 404 when
 * there is no such photo, 404 with its own message when the row is there but the object store lost
 * the file (never a 500), 503 when the store does not answer.
 */
export function createImageReader(repo: ImagesRepo, store: ImageStore) {
  return async (poiId: string, hash: string, size: ImageSize): Promise<{ mime: string; body: Buffer }> => {
    const row = HASH.test(hash) ? await repo.bytes(poiId, hash, size) : null;
    if (!row) throw notFound(ImageMsg.notFound);
    const body = await store.read(row, poiId, hash, size);
    if (!body) throw notFound(ImageMsg.fileMissing);
    return { mime: row.mime, body };
  };
}
export type ImageReader = ReturnType<typeof createImageReader>;
