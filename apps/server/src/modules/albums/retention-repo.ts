import { ALBUM_REMOVED_KEEP_DAYS } from '@sq/contract/albums/album-rules';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client';
import type { Tx } from '../../db/in-turn';
import type { ImageUses } from '../images/uses';
import { albumRef } from './photos-repo';

export const perCommunity = (rows: { poi_id: string }[]) => {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.poi_id, (counts.get(r.poi_id) ?? 0) + 1);
  return [...counts].map(([poi_id, n]) => ({ poi_id, n }));
};

/**
 * Inside the retention run's transaction: album photos removed by staff more than
 * ALBUM_REMOVED_KEEP_DAYS ago are deleted (their removal requests cascade) and their images let go,
 * so the images' own retention deletes the bytes. Counts per community.
 */
export async function deleteRemovedAlbumPhotos(tx: Tx, now: Date, uses: ImageUses): Promise<{ poi_id: string; n: number }[]> {
  const gone = rowsOf<{ id: string; poi_id: string }>(
    await tx.execute(sql`delete from event_photos where status = 'removed' and removed_at < ${now.toISOString()}::timestamptz - make_interval(days => ${ALBUM_REMOVED_KEEP_DAYS}) returning id, poi_id`),
  );
  for (const p of gone) await uses.release(tx, albumRef(p.id));
  return perCommunity(gone);
}
