import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { eventSignups, events, registrations } from '../../src/db/schema';
import { freshMobile, idCard } from '../support/factories';
import type { TestApp } from '../support/test-app';
import { HOME, HOUR, loginAs, userOf } from '../board/board-helpers';

export { boardApi as eventApi, countOf, DAY, HOME, HOUR, loginAs, newJoiner, newResident, OTHER } from '../board/board-helpers';

/**
 * An event written straight into the table (the events-core part publishes them through the API):
 * published, open for sign-up now, starting in three days; `over` changes any column.
 */
export async function newEvent(t: TestApp, over: Partial<typeof events.$inferInsert> = {}): Promise<string> {
  const now = t.clock.now().getTime();
  const [row] = await t.database.db
    .insert(events)
    .values({
      poiId: HOME,
      kind: 'culture',
      title: '中秋游园会',
      place: '社区活动室',
      startsAt: new Date(now + 72 * HOUR),
      endsAt: new Date(now + 74 * HOUR),
      signupOpensAt: new Date(now - HOUR),
      signupClosesAt: new Date(now + 70 * HOUR),
      cancelUntil: new Date(now + 48 * HOUR),
      capacity: 10,
      maxCompanions: 2,
      audience: 'residents',
      status: 'published',
      byStaff: true,
      ticketKey: randomBytes(32),
      ...over,
    })
    .returning({ id: events.id });
  return row!.id;
}

/** The event's kept counts. */
export async function countsOf(t: TestApp, id: string) {
  const [row] = await t.database.db.select({ confirmed: events.confirmedSeats, waiting: events.waitingCount, attended: events.attended }).from(events).where(eq(events.id, id));
  return row!;
}

export async function signupsOf(t: TestApp, id: string) {
  return t.database.db.select().from(eventSignups).where(eq(eventSignups.eventId, id));
}

/** A person with an approved (non-visitor) pass in `poiId` but no home in its register: a resident, not an owner. */
export async function newPassHolder(t: TestApp, poiId = HOME) {
  const mobile = freshMobile();
  const token = await loginAs(t, mobile);
  const user = await userOf(t, mobile);
  const card = idCard();
  await t.database.db.insert(registrations).values({
    poiId,
    userId: user.userId,
    name: '租户甲',
    mobileEnc: t.pii.encrypt(mobile),
    mobileHash: t.pii.hash(mobile),
    mobileMasked: `${mobile.slice(0, 3)}****${mobile.slice(7)}`,
    cardEnc: t.pii.encrypt(card),
    cardHash: t.pii.hash(card),
    cardMasked: `${card.slice(0, 1)}****${card.slice(-1)}`,
    owner: '租户',
    address: '3号楼',
    status: 1,
  });
  return { token, mobile, ...user };
}
