import { and, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { communities, eventSignups, events } from '../../db/schema';
import { cardColumns } from './list-repo';

/** Where the previous page of 我的活动 ended: past or not, the start (PostgreSQL's text) and the id. */
export interface MineCursor {
  past: boolean;
  at: string;
  id: string;
}

/** A sign-up's place in its waiting list (1 = next), null unless waiting. */
// Qualified by hand: drizzle leaves a one-table select's columns bare, which the subquery's w would take.
export const waitingPosition = sql<number | null>`case when event_signups.status = 'waiting' then
  (select count(*)::int + 1 from event_signups w where w.event_id = event_signups.event_id and w.status = 'waiting'
    and (w.queued_at, w.id) < (event_signups.queued_at, event_signups.id)) end`;

/** 我的活动: the person's sign-ups in every community with their events. */
export function createMineRepo(db: Db) {
  return {
    /**
     * Events still to end first (soonest start first), then ended ones (latest first). A sign-up
     * the person cancelled themselves is left out; one cancelled with its event stays (they read why).
     */
    async page(userId: string, now: Date, after: MineCursor | null, limit: number) {
      const at = sql`${now.toISOString()}::timestamptz`;
      const past = sql<boolean>`${events.endsAt} <= ${at}`;
      let keyset: SQL | undefined;
      if (after) {
        const c = sql`(${after.at}::timestamptz, ${after.id}::uuid)`;
        keyset = after.past
          ? and(sql`${past}`, sql`(${events.startsAt}, ${events.id}) < ${c}`)
          : or(sql`${past}`, sql`(${events.startsAt}, ${events.id}) > ${c}`);
      }
      return db
        .select({
          event: cardColumns,
          startsAtText: sql<string>`${events.startsAt}::text`,
          past,
          community: communities.name,
          signup: {
            eventId: eventSignups.eventId,
            id: eventSignups.id,
            status: eventSignups.status,
            companions: eventSignups.companions,
            checkedInAt: eventSignups.checkedInAt,
            waitingPosition,
          },
        })
        .from(eventSignups)
        .innerJoin(events, eq(events.id, eventSignups.eventId))
        .innerJoin(communities, eq(communities.poiId, events.poiId))
        .where(and(eq(eventSignups.userId, userId), or(ne(eventSignups.status, 'cancelled'), eq(events.status, 'cancelled')), keyset))
        .orderBy(
          sql`${past}`,
          sql`case when ${past} then null else ${events.startsAt} end asc`,
          sql`case when ${past} then ${events.startsAt} end desc`,
          sql`case when ${past} then null else ${events.id} end asc`,
          sql`case when ${past} then ${events.id} end desc`,
        )
        .limit(limit);
    },
  };
}
export type MineRepo = ReturnType<typeof createMineRepo>;
