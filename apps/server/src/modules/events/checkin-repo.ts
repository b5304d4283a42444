import { and, asc, eq, isNull, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events, eventSignups, users } from '../../db/schema';
import type { CheckinVia } from '@sq/contract/events/event-rules';
import { awardPoints } from '../levels/points';

/** What a check-in needs of its event: its community, its times and state, and its key. */
const eventColumns = {
  id: events.id,
  poiId: events.poiId,
  title: events.title,
  status: events.status,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  attended: events.attended,
  ticketKey: events.ticketKey,
};

const signupColumns = {
  id: eventSignups.id,
  eventId: eventSignups.eventId,
  poiId: eventSignups.poiId,
  userId: eventSignups.userId,
  status: eventSignups.status,
  companions: eventSignups.companions,
  checkedInAt: eventSignups.checkedInAt,
  via: eventSignups.checkinVia,
  queuedAt: eventSignups.queuedAt,
  name: sql<string>`coalesce(${users.username}, ${eventSignups.walkInName}, '')`,
};

export type CheckinEvent = NonNullable<Awaited<ReturnType<CheckinRepo['event']>>>;
export type CheckinSignup = NonNullable<Awaited<ReturnType<CheckinRepo['signup']>>>;

/** Check-in at the door: the sign-ups' check-in columns and the event's `attended`, kept together. */
export function createCheckinRepo(db: Db) {
  const signupQuery = (executor: Pick<Db, 'select'>) => executor.select(signupColumns).from(eventSignups).leftJoin(users, eq(users.id, eventSignups.userId));

  return {
    async event(id: string) {
      const [row] = await db.select(eventColumns).from(events).where(eq(events.id, id)).limit(1);
      return row ?? null;
    },

    async signup(id: string) {
      const [row] = await signupQuery(db).where(eq(eventSignups.id, id)).limit(1);
      return row ?? null;
    },

    async signupOf(eventId: string, userId: string) {
      const [row] = await signupQuery(db)
        .where(and(eq(eventSignups.eventId, eventId), eq(eventSignups.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    /** The confirmed sign-ups of people with an account (a walk-in has no code), for the offline list. */
    confirmed(eventId: string) {
      return signupQuery(db)
        .where(and(eq(eventSignups.eventId, eventId), eq(eventSignups.status, 'confirmed'), isNotNull(eventSignups.userId)))
        .orderBy(asc(eventSignups.queuedAt));
    },

    /**
     * Checks a confirmed sign-up in, once: its time, who and how, and the event's attendance (the
     * person and their companions) in one transaction. The event row is locked first, as sign-ups
     * and cancellations lock it, so the two never wait on each other in opposite orders.
     * `checkedIn` false: it was checked in already (or is no longer confirmed), nothing changed.
     * A person with an account earns eventAttended points in the same transaction, once per event
     * (`award`: whom, and the level it took them to, to tell them); a walk-in has no account.
     */
    async checkIn(eventId: string, signupId: string, by: string | null, via: CheckinVia, at: Date) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from ${events} where ${events.id} = ${eventId} for update`);
        const [done] = await tx
          .update(eventSignups)
          .set({ checkedInAt: at, checkedInBy: by, checkinVia: via })
          .where(and(eq(eventSignups.id, signupId), eq(eventSignups.eventId, eventId), eq(eventSignups.status, 'confirmed'), isNull(eventSignups.checkedInAt)))
          .returning({ companions: eventSignups.companions, userId: eventSignups.userId, poiId: eventSignups.poiId });
        const [event] = await tx
          .update(events)
          .set({ attended: sql`${events.attended} + ${done ? done.companions + 1 : 0}` })
          .where(eq(events.id, eventId))
          .returning({ attended: events.attended });
        const award = done?.userId
          ? { userId: done.userId, poiId: done.poiId, level: await awardPoints(tx, { userId: done.userId, reason: 'eventAttended', ref: eventId, poiId: done.poiId }) }
          : null;
        return { checkedIn: Boolean(done), attended: event!.attended, award };
      });
    },
  };
}
export type CheckinRepo = ReturnType<typeof createCheckinRepo>;
