import { and, asc, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/in-turn';
import { events, spaceBookings, spaces, users } from '../../db/schema';

/** A booking that holds its slot (the exclusion constraint's WHERE). */
const HOLDING = ['pending', 'approved'];

/** The exclusion constraint refused the row: another booking holds part of the time (SQLSTATE 23P01). */
export function isOverlap(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23P01') return true;
  }
  return false;
}

export type BookingRow = typeof spaceBookings.$inferSelect;
const withSpace = { booking: spaceBookings, spaceName: spaces.name };

export function createBookingsRepo(db: Db) {
  return {
    async find(id: string) {
      const [row] = await db.select(withSpace).from(spaceBookings).innerJoin(spaces, eq(spaces.id, spaceBookings.spaceId)).where(eq(spaceBookings.id, id));
      return row ?? null;
    },

    /** Bookings holding the space between two instants (a day's slots). */
    holding: (spaceId: string, from: Date, to: Date) =>
      db
        .select({ userId: spaceBookings.userId, startsAt: spaceBookings.startsAt, endsAt: spaceBookings.endsAt })
        .from(spaceBookings)
        .where(and(eq(spaceBookings.spaceId, spaceId), inArray(spaceBookings.status, HOLDING), lt(spaceBookings.startsAt, to), gt(spaceBookings.endsAt, from))),

    /** Minutes the person holds on the space between two instants (a Beijing week). */
    async minutesHeld(q: Db | Tx, spaceId: string, userId: string, from: Date, to: Date): Promise<number> {
      const [row] = await q
        .select({ m: sql<number>`coalesce(sum(extract(epoch from (${spaceBookings.endsAt} - ${spaceBookings.startsAt})) / 60), 0)::int` })
        .from(spaceBookings)
        .where(and(eq(spaceBookings.spaceId, spaceId), eq(spaceBookings.userId, userId), inArray(spaceBookings.status, HOLDING), gte(spaceBookings.startsAt, from), lt(spaceBookings.startsAt, to)));
      return row!.m;
    },

    /** Throws the database's 23P01 when the time is taken (isOverlap). */
    async insert(q: Db | Tx, values: typeof spaceBookings.$inferInsert): Promise<BookingRow> {
      const [row] = await q.insert(spaceBookings).values(values).returning();
      return row!;
    },

    /** The person's bookings in a community that have not ended (cancelled ones left out), soonest first. */
    mine: (poiId: string, userId: string, now: Date) =>
      db
        .select(withSpace)
        .from(spaceBookings)
        .innerJoin(spaces, eq(spaces.id, spaceBookings.spaceId))
        .where(and(eq(spaceBookings.poiId, poiId), eq(spaceBookings.userId, userId), gt(spaceBookings.endsAt, now), sql`${spaceBookings.status} <> 'cancelled'`))
        .orderBy(asc(spaceBookings.startsAt))
        .limit(100),

    /** Moves a booking from one of `from` to `to`; null when it was not in one of them any more. */
    async setStatus(id: string, from: readonly string[], to: { status: string; reviewNote?: string | null; reviewedBy?: string; reviewedAt?: Date }): Promise<BookingRow | null> {
      const [row] = await db
        .update(spaceBookings)
        .set(to)
        .where(and(eq(spaceBookings.id, id), inArray(spaceBookings.status, [...from])))
        .returning();
      return row ?? null;
    },

    /** Staff's list: a day's bookings (or every pending one to come) with who booked and the reserving event. */
    staffList: (poiId: string, f: { from?: Date; to?: Date; spaceId?: string; pendingAfter?: Date; id?: string }) =>
      db
        .select({ ...withSpace, username: users.username, mobileEnc: users.mobileEnc, eventTitle: events.title })
        .from(spaceBookings)
        .innerJoin(spaces, eq(spaces.id, spaceBookings.spaceId))
        .leftJoin(users, eq(users.id, spaceBookings.userId))
        .leftJoin(events, eq(events.id, spaceBookings.eventId))
        .where(
          and(
            eq(spaceBookings.poiId, poiId),
            f.spaceId ? eq(spaceBookings.spaceId, f.spaceId) : undefined,
            f.id ? eq(spaceBookings.id, f.id) : undefined,
            f.from ? gte(spaceBookings.startsAt, f.from) : undefined,
            f.to ? lt(spaceBookings.startsAt, f.to) : undefined,
            f.pendingAfter ? and(eq(spaceBookings.status, 'pending'), gt(spaceBookings.endsAt, f.pendingAfter)) : undefined,
          ),
        )
        .orderBy(asc(spaceBookings.startsAt), asc(spaces.name))
        .limit(500),

    async pendingCount(poiId: string, now: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(spaceBookings)
        .where(and(eq(spaceBookings.poiId, poiId), eq(spaceBookings.status, 'pending'), gt(spaceBookings.endsAt, now)));
      return row!.n;
    },

    /** An event's reservations let go (the event was cancelled or moved). */
    async releaseEvent(q: Db | Tx, eventId: string): Promise<void> {
      await q.update(spaceBookings).set({ status: 'cancelled' }).where(and(eq(spaceBookings.eventId, eventId), inArray(spaceBookings.status, HOLDING), isNull(spaceBookings.userId)));
    },
  };
}
export type BookingsRepo = ReturnType<typeof createBookingsRepo>;
