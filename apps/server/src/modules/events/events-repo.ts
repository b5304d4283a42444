import { randomBytes } from 'node:crypto';
import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inTurn } from '../../db/in-turn';
import { communities, events, eventSignups, spaceBookings, spaces, users } from '../../db/schema';
import type { ImageUses } from '../images/uses';
import type { EventReservations } from '../spaces/reserve';
import { cardColumns } from './list-repo';
import { promoteWaiting, type Promoted } from './signups-repo';
import type { EventTimes } from './times';

/** What publishing and editing store (texts already checked, times already checked together). */
export interface EventFields extends EventTimes {
  kind: string;
  title: string;
  description: string;
  place: string;
  spaceId: string | null;
  capacity: number;
  maxCompanions: number;
  audience: string;
  needsPhone: boolean;
  feeFen: number | null;
  attendeePhotos: boolean;
  searchTerms: string[];
}

/** The images module's name for an event's cover among its users (images/uses.ts). */
export const eventRef = (id: string) => `event:${id}`;

/** One event: read, published, proposed, edited, reviewed, cancelled. */
/**
 * `reservations`: the spaces module's (spaces/reserve.ts); a published event with a space reserves
 * it in the same transaction, so a taken time refuses the event (409) and nothing is written.
 */
export function createEventsRepo(db: Db, uses: ImageUses, reservations?: EventReservations) {
  return {
    /** The event with everything its detail shows, its community's name and its organiser's screen name. */
    async find(id: string) {
      const [row] = await db
        .select({
          ...cardColumns,
          description: events.description,
          spaceId: events.spaceId,
          cancelUntil: events.cancelUntil,
          maxCompanions: events.maxCompanions,
          needsPhone: events.needsPhone,
          attendeePhotos: events.attendeePhotos,
          statusNote: events.statusNote,
          createdBy: events.createdBy,
          byStaff: events.byStaff,
          attended: events.attended,
          photoCount: events.photoCount,
          // For the check-in code of the caller's sign-up only; never answered.
          ticketKey: events.ticketKey,
          createdAt: events.createdAt,
          community: communities.name,
          organiser: users.username,
        })
        .from(events)
        .innerJoin(communities, eq(communities.poiId, events.poiId))
        .leftJoin(users, eq(users.id, events.createdBy))
        .where(eq(events.id, id))
        .limit(1);
      return row ?? null;
    },

    /** Whether the space is one of the community's (an event may name it; its booking is the spaces module's). */
    async spaceIn(poiId: string, spaceId: string) {
      const [row] = await db.select({ id: spaces.id }).from(spaces).where(and(eq(spaces.id, spaceId), eq(spaces.poiId, poiId))).limit(1);
      return Boolean(row);
    },

    /**
     * A new event with its cover's use, in one transaction. `perDay`: a resident's proposals are
     * limited per Beijing day (since `dayStart`): null when this one is over the limit. The
     * proposer's requests take turns, so parallel proposals count each other.
     */
    async create(p: EventFields & { poiId: string; createdBy: string; byStaff: boolean; status: string; cover: string | null; now: Date; missing: string; perDay?: { limit: number; dayStart: Date } }) {
      return inTurn(db, [['event-proposals', p.createdBy]], async (tx) => {
        if (p.perDay) {
          const [made] = await tx
            .select({ n: count() })
            .from(events)
            .where(and(eq(events.createdBy, p.createdBy), gte(events.createdAt, p.perDay.dayStart), eq(events.byStaff, false)));
          if (made!.n >= p.perDay.limit) return null;
        }
        const { cover, now, missing, perDay: _perDay, ...fields } = p;
        const [row] = await tx
          .insert(events)
          .values({ ...fields, ticketKey: randomBytes(32), createdAt: now, updatedAt: now })
          .returning({ id: events.id });
        const id = row!.id;
        const [image] = await uses.use(tx, { poiId: p.poiId, uploaderId: p.createdBy, hashes: cover ? [cover] : [], ref: eventRef(id), missing });
        if (image) await tx.update(events).set({ cover: image }).where(eq(events.id, id));
        if (reservations && fields.spaceId && p.status === 'published') {
          await reservations.reserveForEvent(tx, { spaceId: fields.spaceId, eventId: id, startsAt: fields.startsAt, endsAt: fields.endsAt });
        }
        return id;
      });
    },

    /**
     * The whole event again. The cover may be the one it had (whoever uploaded it) or the editor's
     * upload; the old one's use is dropped with the change. Capacity is checked under the event's
     * row lock against the seats sign-ups hold at that moment: false when it would fall below.
     */
    async edit(id: string, p: EventFields & { poiId: string; editorId: string; cover: string | null; now: Date; missing: string }): Promise<{ promoted: Promoted[] } | false> {
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ seats: events.confirmedSeats, status: events.status, startsAt: events.startsAt })
          .from(events)
          .where(eq(events.id, id))
          .for('update');
        if (!locked || p.capacity < locked.seats) return false;
        const [image] = await uses.use(tx, { poiId: p.poiId, uploaderId: p.editorId, hashes: p.cover ? [p.cover] : [], ref: eventRef(id), missing: p.missing });
        const { cover: _c, now, editorId: _e, missing: _m, poiId: _p, ...fields } = p;
        await tx
          .update(events)
          .set({ ...fields, cover: image ?? null, updatedAt: now })
          .where(eq(events.id, id));
        // A published event holds its space for its (new) time: let the old hold go, then reserve again.
        if (reservations && locked.status === 'published') {
          await reservations.releaseForEvent(tx, id);
          if (fields.spaceId) await reservations.reserveForEvent(tx, { spaceId: fields.spaceId, eventId: id, startsAt: fields.startsAt, endsAt: fields.endsAt });
        }
        // A new start: the reminders (a day and an hour before) are due again for the new time.
        if (fields.startsAt.getTime() !== locked.startsAt.getTime()) {
          await tx.update(eventSignups).set({ remindedDay: false, remindedHour: false }).where(eq(eventSignups.eventId, id));
        }
        // More places: the waiting list moves up into them, oldest first, as after a cancellation.
        const promoted = locked.status === 'published' ? await promoteWaiting(tx, id, now) : [];
        return { promoted };
      });
    },

    /**
     * Staff call it off: every live sign-up cancelled, the counters emptied, the space's booking
     * for it released; answers the people to tell. Only a published event (false otherwise: a
     * parallel cancel got there first).
     */
    async cancel(id: string, reason: string, now: Date): Promise<{ userIds: string[] } | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(events)
          .set({ status: 'cancelled', statusNote: reason, confirmedSeats: 0, waitingCount: 0, updatedAt: now })
          .where(and(eq(events.id, id), eq(events.status, 'published')))
          .returning({ id: events.id });
        if (!row) return null;
        const cancelled = await tx
          .update(eventSignups)
          .set({ status: 'cancelled', cancelledAt: now })
          .where(and(eq(eventSignups.eventId, id), inArray(eventSignups.status, ['confirmed', 'waiting'])))
          .returning({ userId: eventSignups.userId });
        await tx
          .update(spaceBookings)
          .set({ status: 'cancelled' })
          .where(and(eq(spaceBookings.eventId, id), inArray(spaceBookings.status, ['pending', 'approved'])));
        return { userIds: cancelled.flatMap((s) => (s.userId ? [s.userId] : [])) };
      });
    },

    /** A pending proposal published or turned down; false when it was no longer pending. */
    async review(id: string, r: { approve: boolean; reason: string | null; reviewerId: string; now: Date }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(events)
          .set({ status: r.approve ? 'published' : 'rejected', statusNote: r.approve ? null : r.reason, reviewedBy: r.reviewerId, reviewedAt: r.now, updatedAt: r.now })
          .where(and(eq(events.id, id), eq(events.status, 'pending')))
          .returning({ id: events.id, spaceId: events.spaceId, startsAt: events.startsAt, endsAt: events.endsAt });
        const published = rows[0];
        // A proposal approved takes its space then (a taken time refuses the approval, 409).
        if (reservations && r.approve && published?.spaceId) {
          await reservations.reserveForEvent(tx, { spaceId: published.spaceId, eventId: id, startsAt: published.startsAt, endsAt: published.endsAt });
        }
        return rows.length > 0;
      });
    },

    /** Residents' proposals waiting, oldest first, with their proposers' screen names. */
    async pending(poiId: string) {
      return db
        .select({ ...cardColumns, createdAt: events.createdAt, proposer: sql<string>`coalesce(${users.username}, '')` })
        .from(events)
        .leftJoin(users, eq(users.id, events.createdBy))
        .where(and(eq(events.poiId, poiId), sql`${events.status} = 'pending'`))
        .orderBy(events.createdAt)
        .limit(200);
    },
  };
}
export type EventsRepo = ReturnType<typeof createEventsRepo>;
export type EventRow = NonNullable<Awaited<ReturnType<EventsRepo['find']>>>;
