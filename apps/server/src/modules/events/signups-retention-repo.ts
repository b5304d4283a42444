import { SIGNUP_MOBILE_KEEP_DAYS } from '@sq/contract/events/event-rules';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client';
import type { Tx } from '../../db/in-turn';

/**
 * Inside the retention run's transaction: sign-ups' mobiles deleted SIGNUP_MOBILE_KEEP_DAYS after
 * their event ended (the sign-up itself stays: the attendance record, with the screen name).
 * Counts per community.
 */
export async function deleteSignupMobiles(tx: Tx, now: Date): Promise<{ poi_id: string; n: number }[]> {
  return rowsOf<{ poi_id: string; n: number }>(
    await tx.execute(sql`
      with cleared as (
        update event_signups s set mobile_enc = null from events e
        where e.id = s.event_id and s.mobile_enc is not null
          and e.ends_at < ${now.toISOString()}::timestamptz - make_interval(days => ${SIGNUP_MOBILE_KEEP_DAYS})
        returning s.poi_id)
      select poi_id, count(*)::int as n from cleared group by poi_id`),
  );
}
