import { SPACE_BOOKINGS_KEEP_DAYS } from '@sq/contract/spaces/space-rules';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client';
import type { Tx } from '../../db/in-turn';
import { perCommunity } from '../albums/retention-repo';

/** Bookings that ended more than SPACE_BOOKINGS_KEEP_DAYS ago (who used a room when). Counts per community. */
export async function deleteOldBookings(tx: Tx, now: Date): Promise<{ poi_id: string; n: number }[]> {
  const gone = rowsOf<{ poi_id: string }>(
    await tx.execute(sql`delete from space_bookings where ends_at < ${now.toISOString()}::timestamptz - make_interval(days => ${SPACE_BOOKINGS_KEEP_DAYS}) returning poi_id`),
  );
  return perCommunity(gone);
}
