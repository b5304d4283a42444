import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client';
import type { Tx } from '../../db/in-turn';
import type { ImageStore, StoreKind } from './store';

/**
 * How long an upload waits for a post (or any other use) before it is deleted: a person picks
 * photos, then writes the text – a day is more than any draft takes.
 */
export const UNUSED_IMAGE_HOURS = 24;

/** Objects deleted at once: a day's unused photos of a city without a thousand requests in flight. */
const REMOVE_AT_ONCE = 8;

type Counted = { poi_id: string; n: number }[];

/**
 * The retention job's share of the photos (DESIGN.md §9): deletes every photo that nothing uses
 * (no `image_refs` row) and that was uploaded more than UNUSED_IMAGE_HOURS ago – uploads never
 * posted, and photos whose last post, event … is gone. Counts per community. A photo in the object
 * store (images/store.ts) loses its objects first and its row after; one whose objects could not be
 * deleted (the store away) keeps its row, so the next run tries again – no object is left that no
 * row names.
 */
export async function deleteUnusedImages(tx: Tx, now: Date, store: ImageStore): Promise<Counted> {
  const unused = sql`i.created_at < ${now}::timestamptz - make_interval(hours => ${UNUSED_IMAGE_HOURS})
    and not exists (select 1 from image_refs r where r.poi_id = i.poi_id and r.hash = i.hash)`;
  const inline = rowsOf<Counted[number]>(
    await tx.execute(sql`
      with gone as (delete from images i where i.store = 'postgres' and ${unused} returning i.poi_id)
      select poi_id, count(*)::int as n from gone group by poi_id`),
  );
  // Locked, so an upload of the same photo waits for this run rather than finding a row it loses.
  const elsewhere = rowsOf<{ poi_id: string; hash: string; store: StoreKind }>(
    await tx.execute(sql`select i.poi_id, i.hash, i.store from images i where i.store <> 'postgres' and ${unused} for update`),
  );
  if (elsewhere.length === 0) return inline;
  const removed: typeof elsewhere = [];
  for (let at = 0; at < elsewhere.length; at += REMOVE_AT_ONCE) {
    await Promise.all(
      elsewhere.slice(at, at + REMOVE_AT_ONCE).map(async (row) => {
        try {
          await store.remove(row.store, row.poi_id, row.hash);
          removed.push(row);
        } catch {
          // Kept for the next run (the store logs why).
        }
      }),
    );
  }
  if (removed.length === 0) return inline;
  const objects = rowsOf<Counted[number]>(
    await tx.execute(sql`
      with gone as (
        delete from images i using unnest(${sql.param(removed.map((r) => r.poi_id))}::text[], ${sql.param(removed.map((r) => r.hash))}::text[]) as d(poi_id, hash)
        where i.poi_id = d.poi_id and i.hash = d.hash
        returning i.poi_id)
      select poi_id, count(*)::int as n from gone group by poi_id`),
  );
  return [...inline, ...objects];
}
