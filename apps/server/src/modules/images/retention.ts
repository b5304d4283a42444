import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/in-turn';

/**
 * How long an upload waits for a post (or any other use) before it is deleted: a person picks
 * photos, then writes the text – a day is more than any draft takes.
 */
export const UNUSED_IMAGE_HOURS = 24;

/**
 * The retention job's share of the photos (DESIGN.md §9): deletes every photo that nothing uses
 * (no `image_refs` row) and that was uploaded more than UNUSED_IMAGE_HOURS ago – uploads never
 * posted, and photos whose last post, event … is gone. Counts per community.
 */
export async function deleteUnusedImages(tx: Tx, now: Date): Promise<{ poi_id: string; n: number }[]> {
  const result = (await tx.execute(sql`
    with gone as (
      delete from images i
      where i.created_at < ${now}::timestamptz - make_interval(hours => ${UNUSED_IMAGE_HOURS})
        and not exists (select 1 from image_refs r where r.poi_id = i.poi_id and r.hash = i.hash)
      returning i.poi_id)
    select poi_id, count(*)::int as n from gone group by poi_id`)) as unknown as { rows: { poi_id: string; n: number }[] };
  return result.rows;
}
