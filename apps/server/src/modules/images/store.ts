import { Code } from '@sq/contract/envelope';
import { ImageMsg, type ImageSize } from '@sq/contract/images/image-rules';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import type { ProcessedImage } from './process';
import { ObjectStoreUnavailable, s3ObjectStore, type ObjectStore } from './s3-objects';

export type StoreKind = 'postgres' | 's3';

/** What a photo's row says about its bytes (repo.ts): where they are, and the bytes themselves when PostgreSQL keeps them. */
export interface StoredBytes {
  store: StoreKind;
  inline: Buffer | null;
}

/**
 * Where photos' bytes are kept (DESIGN.md §9 "Images"; docs/decisions/cluster.md "Photos in an
 * S3-compatible store"). The row in `images` – who uploaded it, its community, hash and sizes, who
 * uses it – is in PostgreSQL either way; only the two sizes' bytes move. PostgreSQL keeps them in
 * the row (the default); S3 under `images/<poiId>/<hash>/<size>.webp`, put before the row is
 * written so a row never names bytes that are not there.
 */
export interface ImageStore {
  /** Where new uploads go (IMAGE_STORE); written into each row as `store`. */
  readonly kind: StoreKind;
  /** Keeps both sizes; answers what the row itself carries (the bytes for PostgreSQL, nulls for S3). 503 when the store is away. */
  put(poiId: string, image: ProcessedImage): Promise<{ web: Buffer | null; thumb: Buffer | null }>;
  /** One size's bytes from where the row says they are; null when the object is gone. 503 when the store is away. */
  read(row: StoredBytes, poiId: string, hash: string, size: ImageSize): Promise<Buffer | null>;
  /** Deletes an S3 photo's objects (a PostgreSQL photo goes with its row). Throws when the store is away. */
  remove(store: StoreKind, poiId: string, hash: string): Promise<void>;
}

export const objectKey = (poiId: string, hash: string, size: ImageSize) => `images/${poiId}/${hash}/${size}.webp`;

type Warn = (detail: Record<string, unknown>, msg: string) => void;

/**
 * The photos' store: new uploads go to `kind`; rows already in the other store are still read
 * from it when it is configured (`objects`: S3, whenever its settings are given).
 */
export function createImageStore(kind: StoreKind, objects: ObjectStore | null, warn: Warn = () => {}): ImageStore {
  const down = (e: unknown) => {
    if (!(e instanceof ObjectStoreUnavailable)) return e;
    warn({ reason: e.message }, 'image store unavailable');
    return new AppError(Code.unavailable, ImageMsg.storeDown, 5);
  };
  const s3 = (): ObjectStore => {
    if (objects) return objects;
    // A row put in S3 while the S3_ settings were set, read after they were taken away.
    warn({}, 'a photo is in S3 but the S3_ settings are not set');
    throw new AppError(Code.unavailable, ImageMsg.storeDown, 5);
  };
  if (kind === 's3' && !objects) throw new Error("IMAGE_STORE 's3' needs the S3_ settings");

  return {
    kind,
    async put(poiId, image) {
      if (kind === 'postgres') return { web: image.web, thumb: image.thumb };
      const store = s3();
      // Both settled before answering: with one size refused, the caller deletes what went in, and
      // a delete sent while the other put is still on its way would leave that object behind.
      const puts = await Promise.allSettled([store.put(objectKey(poiId, image.hash, 'web'), image.web, image.mime), store.put(objectKey(poiId, image.hash, 'thumb'), image.thumb, image.mime)]);
      const refused = puts.find((p) => p.status === 'rejected');
      if (refused) throw down(refused.reason);
      return { web: null, thumb: null };
    },
    async read(row, poiId, hash, size) {
      if (row.store === 'postgres') return row.inline;
      try {
        const bytes = await s3().get(objectKey(poiId, hash, size));
        if (!bytes) warn({ key: objectKey(poiId, hash, size) }, 'image object missing');
        return bytes;
      } catch (e) {
        throw down(e);
      }
    },
    async remove(store, poiId, hash) {
      if (store === 'postgres') return;
      try {
        await Promise.all([s3().remove(objectKey(poiId, hash, 'web')), s3().remove(objectKey(poiId, hash, 'thumb'))]);
      } catch (e) {
        throw down(e);
      }
    },
  };
}

/** The store the settings describe (config.ts: IMAGE_STORE and the S3_ settings). */
export function imageStoreFrom(config: Config, warn?: Warn): ImageStore {
  const objects = config.S3_ENDPOINT
    ? s3ObjectStore({
        endpoint: config.S3_ENDPOINT,
        bucket: config.S3_BUCKET!,
        region: config.S3_REGION,
        accessKeyId: config.S3_ACCESS_KEY_ID!,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
        pathStyle: config.S3_PATH_STYLE,
      })
    : null;
  return createImageStore(config.IMAGE_STORE, objects, warn);
}

/** Photos in PostgreSQL only: for callers that never meet an S3 row (tests, one-off scripts). */
export const postgresImageStore = (): ImageStore => createImageStore('postgres', null);
