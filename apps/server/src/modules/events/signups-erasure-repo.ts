import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client';
import type { Tx } from '../../db/in-turn';
import { promoteWaiting, type Promoted } from './signups-repo';

/** People moved up because an erased account's places came free: told after the erasure commits. */
export type ErasurePromotions = { eventId: string; promoted: Promoted[] }[];

/**
 * An erased account (mydata): its sign-ups are deleted, each event's counts follow (the list and
 * the counts stay in agreement; `attended` stays, a head count of who came), and the places it
 * held in events not started yet go to their waiting lists. Inside the erasure's transaction;
 * event rows are locked one by one in id order, as every sign-up locks one.
 */
export async function deleteSignupsOf(tx: Tx, userId: string, now: Date): Promise<ErasurePromotions> {
  const rows = rowsOf<{ id: string; event_id: string; status: string; seats: number }>(
    await tx.execute(sql`select id, event_id, status, seats from event_signups where user_id = ${userId}::uuid order by event_id`),
  );
  const out: ErasurePromotions = [];
  for (const s of rows) {
    const [e] = rowsOf<{ starts_at: string }>(await tx.execute(sql`select starts_at from events where id = ${s.event_id} for update`));
    await tx.execute(sql`delete from event_signups where id = ${s.id}`);
    if (s.status === 'cancelled') continue;
    await tx.execute(
      s.status === 'confirmed'
        ? sql`update events set confirmed_seats = confirmed_seats - ${s.seats} where id = ${s.event_id}`
        : sql`update events set waiting_count = waiting_count - 1 where id = ${s.event_id}`,
    );
    if (s.status === 'confirmed' && e && new Date(e.starts_at) > now) out.push({ eventId: s.event_id, promoted: await promoteWaiting(tx, s.event_id, now) });
  }
  return out;
}
