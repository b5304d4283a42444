import { sql } from 'drizzle-orm';
import { levelOf, POINTS_FOR, type PointReason } from '@sq/contract/levels/level-rules';
import { rowsOf, type Db } from '../../db/client';
import type { Tx } from '../../db/in-turn';

/**
 * Member points (issue 35 item 4): the one way any domain awards them – an event attended, a
 * coupon used, a correction accepted, a post marked useful. Once per source: the ledger's unique
 * (user, reason, ref) makes a repeated scan or a retried job add nothing. Called inside the
 * transaction of the deed itself, so a deed undone by a rollback earns nothing either.
 *
 * Answers the level reached when this award crossed into a new one (to tell the person), else null.
 */
export async function awardPoints(db: Db | Tx, award: { userId: string; reason: PointReason; ref: string; poiId: string | null }): Promise<number | null> {
  const points = POINTS_FOR[award.reason].points;
  const rows = rowsOf<{ points: number }>(
    await db.execute(sql`
      with added as (
        insert into member_points (user_id, reason, ref, poi_id, points)
        values (${award.userId}, ${award.reason}, ${award.ref}, ${award.poiId}, ${points})
        on conflict (user_id, reason, ref) do nothing
        returning points
      )
      insert into member_levels (user_id, points, updated_at)
      select ${award.userId}, points, now() from added
      on conflict (user_id) do update set points = member_levels.points + excluded.points, updated_at = now()
      returning points`),
  );
  const total = rows[0]?.points;
  if (total === undefined) return null; // already awarded for this source
  const before = levelOf(total - points);
  const after = levelOf(total);
  return after > before ? after : null;
}
