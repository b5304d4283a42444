import { SpaceMsg } from '@sq/contract/spaces/space-rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/in-turn';
import { events, spaces } from '../../db/schema';
import { badRequest, conflict } from '../../lib/errors';
import { createBookingsRepo, isOverlap } from './bookings-repo';

/**
 * An event reserves its space (issue 34 item 5), for events-core to call when an event with a
 * `spaceId` is created or moved – inside its own transaction when it passes one (the event and its
 * reservation then stand or fall together). The reservation is approved at once (staff made the
 * event) and is not held to the space's opening hours (a fire drill at 7:30); a time another
 * booking holds refuses the event with SpaceMsg.eventTaken (409). The space must be an active one
 * of the event's community (400 otherwise). Decisions: docs/decisions/albums-and-spaces.md.
 */
export function createEventReservations(db: Db) {
  const bookings = createBookingsRepo(db);

  async function reserveForEvent(tx: Tx | Db | undefined, input: { spaceId: string; eventId: string; startsAt: Date; endsAt: Date }): Promise<{ bookingId: string }> {
    const q = tx ?? db;
    const [space] = await q.select({ poiId: spaces.poiId, active: spaces.active }).from(spaces).where(eq(spaces.id, input.spaceId));
    const [event] = await q.select({ poiId: events.poiId }).from(events).where(eq(events.id, input.eventId));
    if (!space || !space.active || !event || event.poiId !== space.poiId) throw badRequest(SpaceMsg.notFound);
    // A savepoint, so that a refusal inside the caller's transaction leaves it usable for its own answer.
    const insert = (t: Tx | Db) =>
      bookings.insert(t, { spaceId: input.spaceId, poiId: space.poiId, userId: null, eventId: input.eventId, startsAt: input.startsAt, endsAt: input.endsAt, purpose: '社区活动', status: 'approved' });
    try {
      const row = tx ? await (tx as Tx).transaction((sp) => insert(sp)) : await insert(db);
      return { bookingId: row.id };
    } catch (e) {
      if (isOverlap(e)) throw conflict(SpaceMsg.eventTaken);
      throw e;
    }
  }

  return {
    reserveForEvent,
    /** The event's reservations let go (cancelled, or moved before reserving again). */
    releaseForEvent: (tx: Tx | Db | undefined, eventId: string) => bookings.releaseEvent(tx ?? db, eventId),
  };
}
export type EventReservations = ReturnType<typeof createEventReservations>;
