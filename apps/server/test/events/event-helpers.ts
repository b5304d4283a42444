import { eq, sql } from 'drizzle-orm';
import { communities as communityRows, events, eventSignups } from '../../src/db/schema';
import { searchTermsOf } from '../../src/modules/board/search-terms';
import { FIRST_PAGE_AGE_MS } from '../../src/modules/events/first-pages';
import type { TestApp } from '../support/test-app';
import { boardApi, DAY, HOUR, loginAs } from '../board/board-helpers';

export { boardApi as eventApi, countOf, DAY, HOME, HOUR, loginAs, newJoiner, newResident, OTHER } from '../board/board-helpers';

/** The demo accounts: administrator, manager and duty staff of DEMO000001. */
export const ADMIN = '13800000001';
export const MANAGER = '13800000002';
export const DUTY = '13800000003';

const seconds = (ms: number) => Math.floor(ms / 1000);

/** A valid event form starting `inMs` from the test clock's now, lasting two hours. */
export function eventBody(t: TestApp, over: Record<string, unknown> = {}, inMs = 3 * DAY) {
  const start = seconds(t.clock.now().getTime() + inMs);
  return { poiId: 'DEMO000001', kind: 'culture', title: '书法兴趣班', description: '社区书法老师带大家写春联，笔墨纸砚现场提供。', place: '社区活动室', startsAt: start, endsAt: start + seconds(2 * HOUR), capacity: 20, ...over };
}

/** Publishes as the manager through the API; throws unless it worked. */
export async function publish(t: TestApp, over: Record<string, unknown> = {}, inMs = 3 * DAY, token?: string): Promise<string> {
  const manager = token ?? (await loginAs(t, MANAGER));
  const res = await boardApi(t).post('/v1/events', manager, eventBody(t, over, inMs));
  if (res.status !== 200) throw new Error(`publish failed: ${res.status} ${res.message}`);
  return res.data.id as string;
}

/**
 * An event written straight into the table (times the API would refuse: already started, ended,
 * last week), published unless `status` says otherwise.
 */
export async function insertEvent(
  t: TestApp,
  e: { poiId: string; startsAt: Date; endsAt?: Date; kind?: string; title?: string; description?: string; status?: string; audience?: string; capacity?: number; createdBy?: string },
): Promise<string> {
  const [row] = await t.database.db
    .insert(events)
    .values({
      poiId: e.poiId,
      kind: e.kind ?? 'culture',
      title: e.title ?? '测试活动',
      description: e.description ?? '',
      place: '社区活动室',
      startsAt: e.startsAt,
      endsAt: e.endsAt ?? new Date(e.startsAt.getTime() + 2 * HOUR),
      signupOpensAt: new Date(e.startsAt.getTime() - 7 * DAY),
      signupClosesAt: e.startsAt,
      cancelUntil: e.startsAt,
      capacity: e.capacity ?? 10,
      audience: e.audience ?? 'residents',
      status: e.status ?? 'published',
      byStaff: true,
      createdBy: e.createdBy ?? null,
      ticketKey: Buffer.alloc(32, 3),
      searchTerms: searchTermsOf(`${e.title ?? '测试活动'} ${e.description ?? ''} 社区活动室`),
    })
    .returning({ id: events.id });
  // Past the lists' cached first pages (FIRST_PAGE_AGE_MS), which a write behind the API's back does not clear.
  t.clock.advance(FIRST_PAGE_AGE_MS + 1);
  return row!.id;
}

/** A sign-up written straight into the table (the sign-up module's API is another branch's). */
export async function insertSignup(t: TestApp, s: { eventId: string; poiId: string; userId: string; status: 'confirmed' | 'waiting' | 'cancelled'; companions?: number; queuedAt?: Date }) {
  const seats = 1 + (s.companions ?? 0);
  await t.database.db.insert(eventSignups).values({ eventId: s.eventId, poiId: s.poiId, userId: s.userId, status: s.status, companions: s.companions ?? 0, seats, queuedAt: s.queuedAt ?? t.clock.now() });
  const counters = s.status === 'confirmed' ? { confirmedSeats: sql`${events.confirmedSeats} + ${seats}` } : s.status === 'waiting' ? { waitingCount: sql`${events.waitingCount} + 1` } : {};
  if (s.status !== 'cancelled') await t.database.db.update(events).set(counters).where(eq(events.id, s.eventId));
  t.clock.advance(FIRST_PAGE_AGE_MS + 1);
}

let communities = 0;
/** A community of its own for a test (no demo events, nobody else's), near the demo ones. */
export async function newCommunity(t: TestApp): Promise<string> {
  const poiId = `EVT${String(process.pid % 1000).padStart(3, '0')}${String(++communities).padStart(4, '0')}`;
  await t.database.db.insert(communityRows).values({ poiId, name: `测试小区${communities}`, pname: '北京市', cityname: '北京市', adname: '朝阳区', address: '测试路1号', lng: 116.47, lat: 39.99 });
  return poiId;
}
