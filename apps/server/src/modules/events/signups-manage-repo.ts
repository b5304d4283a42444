import { and, asc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import type { KeysetCursor } from '../../db/keyset';
import { eventSignups, events, users } from '../../db/schema';
import { waitingPosition } from './signups-mine-repo';

const rowColumns = {
  id: eventSignups.id,
  name: sql<string>`coalesce(${eventSignups.walkInName}, ${users.username}, '')`,
  mobileEnc: eventSignups.mobileEnc,
  companions: eventSignups.companions,
  note: eventSignups.note,
  status: eventSignups.status,
  waitingPosition,
  createdAt: eventSignups.createdAt,
  checkedInAt: eventSignups.checkedInAt,
  via: eventSignups.checkinVia,
  walkIn: sql<boolean>`${eventSignups.userId} is null`,
  cursorAt: sql<string>`${eventSignups.queuedAt}::text`,
};
export type SignupListRow = Awaited<ReturnType<ReturnType<typeof createSignupsManageRepo>['page']>>[number];

/** The event's sign-ups as its staff see them, and the walk-ins they add at the door. */
export function createSignupsManageRepo(db: Db) {
  return {
    /** In the order people signed up (or were queued anew), after `after`. */
    page(eventId: string, filter: { status?: string; after: KeysetCursor | null; limit: number }) {
      return db
        .select(rowColumns)
        .from(eventSignups)
        .leftJoin(users, eq(users.id, eventSignups.userId))
        .where(
          and(
            eq(eventSignups.eventId, eventId),
            filter.status ? eq(eventSignups.status, filter.status) : undefined,
            filter.after ? sql`(${eventSignups.queuedAt}, ${eventSignups.id}) > (${filter.after.at}::timestamptz, ${filter.after.id}::uuid)` : undefined,
          ),
        )
        .orderBy(asc(eventSignups.queuedAt), asc(eventSignups.id))
        .limit(filter.limit);
    },

    /** Places taken and people waiting as the event row keeps them; cancellations counted. */
    async counts(eventId: string) {
      const [row] = rowsOf<{ confirmed: number; waiting: number; attended: number; cancelled: number }>(
        await db.execute(sql`
          select e.confirmed_seats as confirmed, e.waiting_count as waiting, e.attended,
            (select count(*)::int from event_signups s where s.event_id = e.id and s.status = 'cancelled') as cancelled
          from events e where e.id = ${eventId}`),
      );
      return row ?? { confirmed: 0, waiting: 0, attended: 0, cancelled: 0 };
    },

    /**
     * A late sign-up at the door: confirmed and checked in at once, counted in `attended` (1 +
     * companions) and not in the places (docs/decisions/events-signups.md "Walk-ins").
     */
    async walkIn(p: { eventId: string; poiId: string; name: string; companions: number; staffId: string; now: Date }) {
      return db.transaction(async (tx) => {
        const seats = 1 + p.companions;
        const [s] = await tx
          .insert(eventSignups)
          .values({
            eventId: p.eventId,
            poiId: p.poiId,
            userId: null,
            walkInName: p.name,
            companions: p.companions,
            seats,
            status: 'confirmed',
            queuedAt: p.now,
            createdAt: p.now,
            checkedInAt: p.now,
            checkedInBy: p.staffId,
            checkinVia: 'walkIn',
            // Nobody to remind: the person is at the door.
            remindedDay: true,
            remindedHour: true,
          })
          .returning({ id: eventSignups.id });
        const [e] = await tx
          .update(events)
          .set({ attended: sql`${events.attended} + ${seats}` })
          .where(eq(events.id, p.eventId))
          .returning({ attended: events.attended });
        const [row] = await tx.select(rowColumns).from(eventSignups).leftJoin(users, eq(users.id, eventSignups.userId)).where(eq(eventSignups.id, s!.id));
        return { row: row!, attended: e!.attended };
      });
    },
  };
}
export type SignupsManageRepo = ReturnType<typeof createSignupsManageRepo>;
