import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';

/** Events shown per period in the dashboard (a year of a busy community's events fits). */
const STATS_EVENTS_MAX = 500;

/** Counts for the dashboard, read from the events' own counters (kept with every sign-up and check-in). */
export function createStatsRepo(db: Db) {
  const held = (poiId: string, from: Date, to: Date) => and(eq(events.poiId, poiId), sql`${events.status} = 'published'`, gte(events.startsAt, from), lt(events.startsAt, to));
  return {
    /** Published events starting within [from, to), latest first. */
    events: (poiId: string, from: Date, to: Date) =>
      db
        .select({
          id: events.id,
          title: events.title,
          kind: events.kind,
          startsAt: events.startsAt,
          capacity: events.capacity,
          confirmed: events.confirmedSeats,
          waiting: events.waitingCount,
          attended: events.attended,
        })
        .from(events)
        .where(held(poiId, from, to))
        .orderBy(desc(events.startsAt), desc(events.id))
        .limit(STATS_EVENTS_MAX),

    /** The same events summed per kind. */
    kinds: (poiId: string, from: Date, to: Date) =>
      db
        .select({
          kind: events.kind,
          events: sql<number>`count(*)::int`,
          signedUp: sql<number>`coalesce(sum(${events.confirmedSeats}), 0)::int`,
          attended: sql<number>`coalesce(sum(${events.attended}), 0)::int`,
        })
        .from(events)
        .where(held(poiId, from, to))
        .groupBy(events.kind),
  };
}
export type StatsRepo = ReturnType<typeof createStatsRepo>;
