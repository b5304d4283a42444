import { customType, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { communities } from './community';
import { users } from './identity';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Photos people upload (DESIGN.md §9 "Images"), already resized and stripped of EXIF: a web size
 * and a thumbnail, in PostgreSQL so that every app node of a cluster reads the same bytes – or,
 * with IMAGE_STORE=s3, in an S3-compatible store (`store` says which; `web`/`thumb` are then
 * null and the row is the metadata alone: images/store.ts). Keyed by community and the web size's
 * content hash: served under that hash with long cache headers, and only to people who may read
 * that community.
 */
export const images = pgTable(
  'images',
  {
    poiId: text('poi_id').notNull().references(() => communities.poiId),
    hash: text('hash').notNull(),
    uploaderId: uuid('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    mime: text('mime').notNull(),
    // The bytes, when `store` is 'postgres'.
    web: bytea('web'),
    thumb: bytea('thumb'),
    // Where the bytes are: a photo is read from where it was put, whatever IMAGE_STORE says now.
    store: text('store').$type<'postgres' | 's3'>().notNull().default('postgres'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.poiId, t.hash] }), index('images_uploader_idx').on(t.uploaderId, t.createdAt)],
);

/**
 * Who uses an image (`post:<uuid>`, later `event:<uuid>` …). An upload nobody uses within a day is
 * deleted, and so is an image whose last use is gone (the retention job).
 */
export const imageRefs = pgTable(
  'image_refs',
  {
    poiId: text('poi_id').notNull(),
    hash: text('hash').notNull(),
    ref: text('ref').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.poiId, t.hash, t.ref] }), index('image_refs_ref_idx').on(t.ref)],
);
