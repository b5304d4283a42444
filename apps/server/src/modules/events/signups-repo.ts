import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { inTurn, type Tx } from '../../db/in-turn';
import { eventSignups, events } from '../../db/schema';

/** What a sign-up needs to know of its event, read (and, in a sign-up's transaction, locked). */
export const eventColumns = {
  id: events.id,
  poiId: events.poiId,
  title: events.title,
  status: events.status,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  signupOpensAt: events.signupOpensAt,
  signupClosesAt: events.signupClosesAt,
  cancelUntil: events.cancelUntil,
  capacity: events.capacity,
  maxCompanions: events.maxCompanions,
  audience: events.audience,
  needsPhone: events.needsPhone,
  confirmedSeats: events.confirmedSeats,
  waitingCount: events.waitingCount,
};
export type SignupEvent = { [K in keyof typeof eventColumns]: (typeof eventColumns)[K]['_']['data'] };

const signupColumns = {
  eventId: eventSignups.eventId,
  id: eventSignups.id,
  status: eventSignups.status,
  companions: eventSignups.companions,
  seats: eventSignups.seats,
  queuedAt: eventSignups.queuedAt,
  checkedInAt: eventSignups.checkedInAt,
};
export interface OwnSignup {
  eventId: string;
  id: string;
  status: string;
  companions: number;
  seats: number;
  queuedAt: Date;
  checkedInAt: Date | null;
  waitingPosition: number | null;
}

/** A person moved up from the waiting list: told after the commit. */
export interface Promoted {
  signupId: string;
  userId: string | null;
}

/** Place in the waiting list (1 = next), oldest first; null for a sign-up that is not waiting. */

async function lockEvent(tx: Tx, eventId: string): Promise<SignupEvent | null> {
  const [row] = await tx.select(eventColumns).from(events).where(eq(events.id, eventId)).for('update');
  return row ?? null;
}

/** The sign-up with its place in the waiting list (1 = next), oldest first; null unless waiting. */
async function withPosition(db: Db | Tx, s: Omit<OwnSignup, 'waitingPosition'>, eventId: string): Promise<OwnSignup> {
  if (s.status !== 'waiting') return { ...s, waitingPosition: null };
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int + 1 as n from event_signups w where w.event_id = ${eventId} and w.status = 'waiting'
      and (w.queued_at, w.id) < (select queued_at, id from event_signups where id = ${s.id})`),
  );
  return { ...s, waitingPosition: row!.n };
}

/**
 * Moves the waiting list up, strictly oldest first: the first waiting sign-up takes the freed
 * places when all of its seats fit, and one that does not fit holds those behind it
 * (docs/decisions/events-signups.md "Waiting list order"). Inside the transaction that holds the
 * event's row lock; keeps the event's counts.
 */
export async function promoteWaiting(tx: Tx, eventId: string, now: Date): Promise<Promoted[]> {
  const rows = rowsOf<{ id: string; user_id: string | null; seats: number }>(
    await tx.execute(sql`
      with e as (select capacity - confirmed_seats as free from events where id = ${eventId}),
      q as (
        select s.id, sum(s.seats) over (order by s.queued_at, s.id) as run
        from event_signups s where s.event_id = ${eventId} and s.status = 'waiting'),
      -- The running sum only grows: the rows within the free places are the prefix that fits, and
      -- the first that does not fit holds everyone behind it.
      fit as (select q.id from q, e where q.run <= e.free)
      update event_signups s set status = 'confirmed', promoted_at = ${now.toISOString()}::timestamptz
      from fit where s.id = fit.id
      returning s.id, s.user_id, s.seats`),
  );
  if (rows.length) {
    const seats = rows.reduce((n, r) => n + r.seats, 0);
    await tx
      .update(events)
      .set({ confirmedSeats: sql`${events.confirmedSeats} + ${seats}`, waitingCount: sql`${events.waitingCount} - ${rows.length}` })
      .where(eq(events.id, eventId));
  }
  return rows.map((r) => ({ signupId: r.id, userId: r.user_id }));
}

export interface SignUpInput {
  eventId: string;
  userId: string;
  companions: number;
  mobileEnc: string | null;
  note: string;
  now: Date;
  /** Sign-ups (new or revived) the person made since this instant count towards `perDay`. */
  dayStart: Date;
  perDay: number;
}

/** Sign-ups of people (not walk-ins) and their places; the only module that writes them. */
export function createSignupsRepo(db: Db) {
  return {
    async event(id: string): Promise<SignupEvent | null> {
      const [row] = await db.select(eventColumns).from(events).where(eq(events.id, id));
      return row ?? null;
    },

    /** The person's sign-up for the event (any status), with its place in the waiting list. */
    async own(eventId: string, userId: string): Promise<OwnSignup | null> {
      const [row] = await db
        .select(signupColumns)
        .from(eventSignups)
        .where(and(eq(eventSignups.eventId, eventId), eq(eventSignups.userId, userId)));
      return row ? withPosition(db, row, eventId) : null;
    },

    /**
     * Signs the person up under the event's row lock, so places are never given twice: confirmed
     * when nobody waits and all its seats fit, else waiting. `admit` re-checks the locked event
     * (it throws to refuse; everything rolls back). An active sign-up comes back unchanged; a
     * cancelled one is revived and queued anew. 'limit': the person's daily sign-ups are used up.
     */
    async signUp(p: SignUpInput, admit: (e: SignupEvent) => void): Promise<{ signup: OwnSignup; created: boolean } | 'limit'> {
      return inTurn(db, [['event-signups', p.userId]], async (tx) => {
        // The person's own rows first, before the event's lock (their sign-ups take turns by the
        // advisory lock): the lock is held for as little as possible – every sign-up of the event
        // waits for it (bench activities-rush).
        const [existing] = await tx
          .select(signupColumns)
          .from(eventSignups)
          .where(and(eq(eventSignups.eventId, p.eventId), eq(eventSignups.userId, p.userId)));
        if (existing && existing.status !== 'cancelled') return { signup: await withPosition(tx, existing, p.eventId), created: false };
        const [today] = rowsOf<{ n: number }>(
          await tx.execute(sql`select count(*)::int as n from event_signups where user_id = ${p.userId} and queued_at >= ${p.dayStart.toISOString()}::timestamptz`),
        );
        if (today!.n >= p.perDay) return 'limit';
        const event = await lockEvent(tx, p.eventId);
        if (!event) throw new Error('event vanished under its lock');
        admit(event);
        const seats = 1 + p.companions;
        // Strict order: while anyone waits, a newcomer waits behind them even if their seats fit.
        const confirmed = event.waitingCount === 0 && event.confirmedSeats + seats <= event.capacity;
        const fields = {
          companions: p.companions,
          seats,
          status: confirmed ? 'confirmed' : 'waiting',
          mobileEnc: p.mobileEnc,
          note: p.note,
          // After everyone queued before, even at the same instant (a clock that stands still, a
          // rush within a microsecond): the queue is the order of the lock.
          queuedAt: sql`greatest(${p.now.toISOString()}::timestamptz, (select max(q.queued_at) + interval '1 microsecond' from event_signups q where q.event_id = ${p.eventId}))`,
          promotedAt: null,
          cancelledAt: null,
          remindedDay: false,
          remindedHour: false,
        };
        const [row] = existing
          ? await tx.update(eventSignups).set(fields).where(eq(eventSignups.id, existing.id)).returning(signupColumns)
          : await tx
              .insert(eventSignups)
              .values({ ...fields, eventId: p.eventId, poiId: event.poiId, userId: p.userId, createdAt: p.now })
              .returning(signupColumns);
        await tx
          .update(events)
          .set(confirmed ? { confirmedSeats: sql`${events.confirmedSeats} + ${seats}` } : { waitingCount: sql`${events.waitingCount} + 1` })
          .where(eq(events.id, p.eventId));
        // Queued last: behind everyone waiting.
        return { signup: { ...row!, waitingPosition: confirmed ? null : event.waitingCount + 1 }, created: true };
      });
    },

    /**
     * Cancels the person's active sign-up under the event's row lock and moves the waiting list
     * up. Null: they have no active one (a parallel cancel came first).
     */
    async cancel(eventId: string, userId: string, now: Date): Promise<{ signup: OwnSignup; promoted: Promoted[] } | null> {
      return db.transaction(async (tx) => {
        const event = await lockEvent(tx, eventId);
        if (!event) return null;
        const [s] = await tx
          .select(signupColumns)
          .from(eventSignups)
          .where(and(eq(eventSignups.eventId, eventId), eq(eventSignups.userId, userId)));
        if (!s || s.status === 'cancelled') return null;
        const [row] = await tx.update(eventSignups).set({ status: 'cancelled', cancelledAt: now }).where(eq(eventSignups.id, s.id)).returning(signupColumns);
        await tx
          .update(events)
          .set(s.status === 'confirmed' ? { confirmedSeats: sql`${events.confirmedSeats} - ${s.seats}` } : { waitingCount: sql`${events.waitingCount} - 1` })
          .where(eq(events.id, eventId));
        const promoted = s.status === 'confirmed' ? await promoteWaiting(tx, eventId, now) : [];
        return { signup: { ...row!, waitingPosition: null }, promoted };
      });
    },
  };
}
export type SignupsRepo = ReturnType<typeof createSignupsRepo>;
