import { randomBytes } from 'node:crypto';
import { events, eventSignups } from '../../src/db/schema';
import type { TestApp } from '../support/test-app';

export const HOUR = 3_600_000;

/**
 * A published event of `poiId`, written directly (events-core's POST /v1/events is not on this
 * branch yet): by default it started an hour ago and ends in an hour.
 */
export async function newEvent(t: TestApp, poiId: string, over: Partial<typeof events.$inferInsert> = {}) {
  const now = t.clock.now().getTime();
  const [row] = await t.database.db
    .insert(events)
    .values({
      poiId,
      kind: 'festival',
      title: '中秋游园会',
      place: '中心花园',
      startsAt: new Date(now - HOUR),
      endsAt: new Date(now + HOUR),
      signupOpensAt: new Date(now - 10 * 24 * HOUR),
      signupClosesAt: new Date(now - 2 * HOUR),
      cancelUntil: new Date(now - 2 * HOUR),
      capacity: 50,
      audience: 'residents',
      status: 'published',
      byStaff: true,
      ticketKey: randomBytes(32),
      ...over,
    })
    .returning();
  return row!;
}

/** A confirmed sign-up of `userId` (what makes them an attendee who may add photos). */
export async function signUp(t: TestApp, eventId: string, poiId: string, userId: string, status: 'confirmed' | 'waiting' | 'cancelled' = 'confirmed') {
  await t.database.db.insert(eventSignups).values({ eventId, poiId, userId, seats: 1, status });
}

/** Uploads a photo for an album (images module, purpose `album`); answers its hash. */
export async function uploadAlbumPhoto(t: TestApp, token: string, bytes: Buffer, poiId: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: `/v1/images?poiId=${poiId}&purpose=album`, payload: bytes, headers: { 'content-type': 'image/jpeg', token } });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
  return (res.json() as { data: { hash: string } }).data.hash;
}
