import { randomBytes } from 'node:crypto';
import { events, eventSignups } from '../../src/db/schema';
import { ticketCodeOf } from '../../src/modules/events/checkin-codes';
import type { TestApp } from '../support/test-app';

export const HOUR = 3_600_000;

/**
 * An event written straight to the database (the events helper's endpoints make them in the
 * product): by default published, starting in an hour on the test clock and lasting two.
 */
export async function insertEvent(t: TestApp, poiId: string, over: { startsIn?: number; hours?: number; status?: string } = {}) {
  const start = new Date(t.clock.now().getTime() + (over.startsIn ?? HOUR));
  const end = new Date(start.getTime() + (over.hours ?? 2) * HOUR);
  const ticketKey = randomBytes(32);
  const [row] = await t.database.db
    .insert(events)
    .values({
      poiId,
      kind: 'health',
      title: '老年人免费体检',
      place: '社区活动室',
      startsAt: start,
      endsAt: end,
      signupOpensAt: new Date(start.getTime() - 72 * HOUR),
      signupClosesAt: start,
      cancelUntil: start,
      capacity: 50,
      maxCompanions: 2,
      audience: 'residents',
      status: over.status ?? 'published',
      byStaff: true,
      ticketKey,
    })
    .returning({ id: events.id });
  return { id: row!.id, poiId, ticketKey };
}

/** A sign-up written straight to the database, with the code its person's phone shows. */
export async function insertSignup(t: TestApp, event: { id: string; poiId: string; ticketKey: Buffer }, userId: string, over: { status?: string; companions?: number } = {}) {
  const companions = over.companions ?? 0;
  const [row] = await t.database.db
    .insert(eventSignups)
    .values({ eventId: event.id, poiId: event.poiId, userId, companions, seats: companions + 1, status: over.status ?? 'confirmed' })
    .returning({ id: eventSignups.id });
  return { id: row!.id, code: ticketCodeOf(event.ticketKey, row!.id) };
}
