import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events, eventSignups } from '../../db/schema';
import type { EventCursor } from './cursor';
import { longestEventMs } from './times';

/** What a card needs, straight from the event row (its counters are kept with every sign-up). */
export const cardColumns = {
  id: events.id,
  poiId: events.poiId,
  kind: events.kind,
  title: events.title,
  cover: events.cover,
  place: events.place,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  signupOpensAt: events.signupOpensAt,
  signupClosesAt: events.signupClosesAt,
  capacity: events.capacity,
  confirmedSeats: events.confirmedSeats,
  waitingCount: events.waitingCount,
  feeFen: events.feeFen,
  audience: events.audience,
  status: events.status,
};

const iso = (at: Date) => sql`${at.toISOString()}::timestamptz`;
/** Published events, and cancelled ones until they would have ended (shown as 已取消). */
const listed = (now: Date) => sql`(${events.status} = 'published' or (${events.status} = 'cancelled' and ${events.endsAt} > ${iso(now)}))`;
const ofKind = (kind: string | undefined) => (kind ? eq(events.kind, kind) : undefined);
/** Title, description and place hold the keyword: the GIN index narrows by terms, then the words are checked. */
const matching = (m: Match | undefined) =>
  m && m.terms.length
    ? and(sql`${events.searchTerms} @> ${sql.param(m.terms)}::text[]`, sql`strpos(lower(${events.title} || ' ' || ${events.description} || ' ' || ${events.place}), ${m.keyword.toLowerCase()}) > 0`)
    : undefined;

export interface Match {
  terms: string[];
  keyword: string;
}
interface Page {
  poiId: string;
  kind?: string;
  now: Date;
  cursor: EventCursor | null;
  limit: number;
  match?: Match;
}

/** The community's event lists (upcoming, this week, ended) and search, and the reader's own sign-ups among them. */
export function createListRepo(db: Db) {
  const cards = () => db.select(cardColumns).from(events);

  const mineAmong = db
    .select({
      eventId: eventSignups.eventId,
      id: eventSignups.id,
      status: eventSignups.status,
      companions: eventSignups.companions,
      checkedInAt: eventSignups.checkedInAt,
      // Place in the queue: waiting sign-ups queued before this one, plus one.
      waitingPosition: sql<number | null>`case when ${eventSignups.status} = 'waiting' then (select count(*)::int + 1 from ${eventSignups} w
        where w.event_id = ${eventSignups.eventId} and w.status = 'waiting' and (w.queued_at, w.id) < (${eventSignups.queuedAt}, ${eventSignups.id})) end`,
    })
    .from(eventSignups)
    .where(and(eq(eventSignups.userId, sql.placeholder('userId')), sql`${eventSignups.eventId} = any(${sql.placeholder('eventIds')}::uuid[])`))
    .prepare('events_mine_among');

  return {
    /**
     * Not ended yet, soonest first. An event lasts at most EVENT_MAX_DAYS, so one still running
     * started after now minus that: the bound lets events_starts_idx be walked in order from there.
     */
    upcoming: (q: Page) =>
      cards()
        .where(
          and(
            eq(events.poiId, q.poiId),
            listed(q.now),
            sql`${events.endsAt} > ${iso(q.now)}`,
            sql`${events.startsAt} > ${iso(new Date(q.now.getTime() - longestEventMs))}`,
            ofKind(q.kind),
            matching(q.match),
            q.cursor ? sql`(${events.startsAt}, ${events.id}) > (${iso(new Date(q.cursor.keys[0]!))}, ${q.cursor.id}::uuid)` : undefined,
          ),
        )
        .orderBy(asc(events.startsAt), asc(events.id))
        .limit(q.limit),

    /** Starting within [from, to) (this Beijing week), in order of start. */
    between: (q: Page & { from: Date; to: Date }) =>
      cards()
        .where(
          and(
            eq(events.poiId, q.poiId),
            listed(q.now),
            sql`${events.startsAt} >= ${iso(q.from)}`,
            sql`${events.startsAt} < ${iso(q.to)}`,
            ofKind(q.kind),
            q.cursor ? sql`(${events.startsAt}, ${events.id}) > (${iso(new Date(q.cursor.keys[0]!))}, ${q.cursor.id}::uuid)` : undefined,
          ),
        )
        .orderBy(asc(events.startsAt), asc(events.id))
        .limit(q.limit),

    /** Ended (and held), latest first: events_upcoming_idx walked backwards. */
    past: (q: Page) =>
      cards()
        .where(
          and(
            eq(events.poiId, q.poiId),
            sql`${events.status} = 'published'`,
            sql`${events.endsAt} <= ${iso(q.now)}`,
            ofKind(q.kind),
            matching(q.match),
            q.cursor
              ? sql`(${events.endsAt}, ${events.startsAt}, ${events.id}) < (${iso(new Date(q.cursor.keys[0]!))}, ${iso(new Date(q.cursor.keys[1]!))}, ${q.cursor.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(events.endsAt), desc(events.startsAt), desc(events.id))
        .limit(q.limit),

    /** Each kind's published events still to come. */
    async upcomingByKind(poiId: string, now: Date) {
      return db
        .select({ kind: events.kind, n: sql<number>`count(*)::int` })
        .from(events)
        .where(and(eq(events.poiId, poiId), sql`${events.status} = 'published'`, sql`${events.endsAt} > ${iso(now)}`))
        .groupBy(events.kind);
    },

    /** The reader's sign-ups among these events (asked by every list request: prepared once). */
    async mineAmong(userId: string, eventIds: string[]) {
      if (!eventIds.length) return [];
      return mineAmong.execute({ userId, eventIds });
    },
  };
}
export type ListRepo = ReturnType<typeof createListRepo>;
export type CardRow = Awaited<ReturnType<ListRepo['upcoming']>>[number];
export type MineRow = Awaited<ReturnType<ListRepo['mineAmong']>>[number];
