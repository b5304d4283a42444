import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_KINDS, EVENT_PAGE_SIZE, EventMsg } from '@sq/contract/events/event-rules';
import { beijingWeek } from '../../src/modules/events/list-service';
import { staffOf } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { DAY, eventApi, HOUR, insertEvent, insertSignup, newCommunity, newJoiner, publish } from './event-helpers';

/** Communities of their own (no demo events), so each list holds exactly what the test put there. */
let POI: string;
let t: TestApp;
let api: ReturnType<typeof eventApi>;
let manager: string;
let reader: { token: string; userId: string };
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  api = eventApi(t);
  POI = await newCommunity(t);
  manager = await staffOf(t, POI, 1);
  reader = await newJoiner(t, POI);
});
afterAll(() => t.close());

const ids = (res: { data: { events: { id: string }[] } }) => res.data.events.map((e) => e.id);
const at = (ms: number) => new Date(t.clock.now().getTime() + ms);
const url = (path: string, q: Record<string, string | undefined>) =>
  `${path}?${new URLSearchParams(Object.entries({ poiId: POI, ...q }).filter((e): e is [string, string] => e[1] !== undefined)).toString()}`;

/** Every page of a list, following `next`. */
async function allPages(token: string, path: string, q: Record<string, string | undefined>) {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 20; i++) {
    const res = await api.get(url(path, { ...q, cursor }), token);
    expect(res.status, res.message).toBe(200);
    seen.push(...ids(res));
    if (!res.data.next) return seen;
    cursor = res.data.next;
  }
  throw new Error('no end');
}

describe('the lists (/activitylist)', () => {
  let ended: string, running: string, soon: string, later: string, cancelled: string, cancelledEnded: string, pending: string;
  beforeAll(async () => {
    ended = await insertEvent(t, { poiId: POI, startsAt: at(-2 * DAY), title: '已经结束的讲座', kind: 'lecture' });
    running = await insertEvent(t, { poiId: POI, startsAt: at(-HOUR), endsAt: at(HOUR), title: '正在进行的活动' });
    later = await publish(t, { poiId: POI, title: '晚些的活动', kind: 'health' }, 5 * DAY, manager);
    soon = await publish(t, { poiId: POI, title: '马上开始的活动', kind: 'lecture' }, 2 * HOUR, manager);
    cancelled = await insertEvent(t, { poiId: POI, startsAt: at(DAY), status: 'cancelled', title: '取消了的活动' });
    cancelledEnded = await insertEvent(t, { poiId: POI, startsAt: at(-3 * DAY), status: 'cancelled', title: '取消且已过的活动' });
    pending = await insertEvent(t, { poiId: POI, startsAt: at(DAY), status: 'pending', title: '待审核的活动' });
  });

  it('upcoming: not ended yet, soonest first, cancelled ones marked until their end; no proposals', async () => {
    const res = await api.get(url('/v1/events', {}), reader.token);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([running, soon, cancelled, later]);
    expect(res.data.events.find((e: { id: string }) => e.id === cancelled).status).toBe('cancelled');
    expect(ids(res)).not.toContain(pending);
    expect(res.data.next).toBeNull();
  });

  it('past: ended, latest first; a cancelled one is not among what took place', async () => {
    const res = await api.get(url('/v1/events', { when: 'past' }), reader.token);
    expect(ids(res)).toEqual([ended]);
    expect(ids(res)).not.toContain(cancelledEnded);
  });

  it('by kind', async () => {
    expect(ids(await api.get(url('/v1/events', { kind: 'lecture' }), reader.token))).toEqual([soon]);
    expect(ids(await api.get(url('/v1/events', { kind: 'lecture', when: 'past' }), reader.token))).toEqual([ended]);
  });

  it('kinds: every kind with its published events still to come', async () => {
    const res = await api.get(url('/v1/events/kinds', {}), reader.token);
    expect(res.data.kinds.map((k: { kind: string }) => k.kind)).toEqual([...EVENT_KINDS]);
    const count = (kind: string) => res.data.kinds.find((k: { kind: string }) => k.kind === kind).upcoming;
    expect([count('culture'), count('lecture'), count('health'), count('family')]).toEqual([1, 1, 1, 0]);
  });

  it('a card carries the reader’s own sign-up, with the place in the waiting list', async () => {
    const other = await newJoiner(t, POI);
    await insertSignup(t, { eventId: later, poiId: POI, userId: other.userId, status: 'waiting', queuedAt: at(-2000) });
    await insertSignup(t, { eventId: later, poiId: POI, userId: reader.userId, status: 'waiting', queuedAt: at(-1000) });
    await insertSignup(t, { eventId: soon, poiId: POI, userId: reader.userId, status: 'confirmed', companions: 1 });
    const res = await api.get(url('/v1/events', {}), reader.token);
    const card = (id: string) => res.data.events.find((e: { id: string }) => e.id === id);
    expect(card(soon)).toMatchObject({ confirmed: 2, mine: { status: 'confirmed', companions: 1, waitingPosition: null, checkedInAt: null } });
    expect(card(later)).toMatchObject({ waiting: 2, mine: { status: 'waiting', waitingPosition: 2 } });
    expect(card(running).mine).toBeNull();
    const theirs = await api.get(url('/v1/events', {}), other.token);
    expect(theirs.data.events.find((e: { id: string }) => e.id === later).mine).toMatchObject({ waitingPosition: 1 });
  });

  it('refuses a cursor that is not one, or one of another list, with 400', async () => {
    expect(await api.get(url('/v1/events', { cursor: 'not-a-cursor' }), reader.token)).toMatchObject({ status: 400, message: EventMsg.cursor });
    const forged = Buffer.from("u|1|'; drop table events; --").toString('base64url');
    expect(await api.get(url('/v1/events', { cursor: forged }), reader.token)).toMatchObject({ status: 400, message: EventMsg.cursor });
    const week = Buffer.from(`w|${Date.now()}|${soon}`).toString('base64url');
    expect(await api.get(url('/v1/events', { when: 'past', cursor: week }), reader.token)).toMatchObject({ status: 400, message: EventMsg.cursor });
    expect(await api.get(url('/v1/events', { when: 'tomorrow' }), reader.token)).toMatchObject({ status: 400 });
    expect(await api.get(url('/v1/events', { kind: 'party' }), reader.token)).toMatchObject({ status: 400, message: EventMsg.kind });
  });
});

describe('paging and this week', () => {
  let PAGED: string;
  let pager: string;
  beforeAll(async () => {
    PAGED = await newCommunity(t);
    pager = (await newJoiner(t, PAGED)).token;
  });
  it('pages 45 upcoming events by cursor: every one once, in order of start (ties by id)', async () => {
    const made: { id: string; start: number }[] = [];
    for (let i = 0; i < 45; i++) {
      // Three at each start: the id breaks the tie.
      const start = at(DAY + Math.floor(i / 3) * HOUR);
      made.push({ id: await insertEvent(t, { poiId: PAGED, startsAt: start }), start: start.getTime() });
    }
    const seen = await allPages(pager, '/v1/events', { poiId: PAGED });
    expect(seen).toHaveLength(45);
    expect(seen).toEqual([...made].sort((a, b) => a.start - b.start || (a.id < b.id ? -1 : 1)).map((m) => m.id));
    const first = await api.get(url('/v1/events', { poiId: PAGED }), pager);
    expect(first.data.events).toHaveLength(EVENT_PAGE_SIZE);
  });

  it('pages ended events latest first', async () => {
    const made: string[] = [];
    for (let i = 0; i < 25; i++) made.push(await insertEvent(t, { poiId: PAGED, startsAt: at(-DAY - i * HOUR) }));
    expect(await allPages(pager, '/v1/events', { poiId: PAGED, when: 'past' })).toEqual(made);
  });

  it('this week: events starting Monday to Sunday, Beijing time, whether they took place yet or not', async () => {
    const WEEK = await newCommunity(t);
    const weekReader = await newJoiner(t, WEEK);
    const { from, to } = beijingWeek(t.clock.now());
    expect(to.getTime() - from.getTime()).toBe(7 * DAY);
    expect(new Date(from.getTime() + 8 * HOUR).getUTCDay()).toBe(1);
    const monday = await insertEvent(t, { poiId: WEEK, startsAt: new Date(from.getTime() + 9 * HOUR) });
    const sunday = await insertEvent(t, { poiId: WEEK, startsAt: new Date(to.getTime() - HOUR), endsAt: new Date(to.getTime() - 1) });
    await insertEvent(t, { poiId: WEEK, startsAt: new Date(from.getTime() - HOUR) });
    await insertEvent(t, { poiId: WEEK, startsAt: to });
    const res = await api.get(`/v1/events?poiId=${WEEK}&when=week`, weekReader.token);
    expect(ids(res)).toEqual([monday, sunday]);
  });
});

describe('search (/activity/search)', () => {
  let FIND: string;
  let finder: string;
  let calligraphy: string, inDescription: string, pastOne: string, painting: string;
  beforeAll(async () => {
    FIND = await newCommunity(t);
    finder = (await newJoiner(t, FIND)).token;
    const staff = await staffOf(t, FIND, 1);
    calligraphy = await publish(t, { poiId: FIND, title: '书法兴趣班', description: '' }, 2 * DAY, staff);
    inDescription = await publish(t, { poiId: FIND, title: '周末文化课', description: '内容：硬笔书法与国画', kind: 'lecture' }, 3 * DAY, staff);
    painting = await publish(t, { poiId: FIND, title: '亲子绘画', description: '画法入门，书本自带', kind: 'family' }, 4 * DAY, staff);
    pastOne = await insertEvent(t, { poiId: FIND, startsAt: at(-5 * DAY), title: '去年的书法展' });
  });
  const search = (q: Record<string, string>) => api.get(url('/v1/events/search', { poiId: FIND, ...q }), finder);

  it('two characters find theirs in titles and descriptions: upcoming soonest first, then the ended ones', async () => {
    const res = await search({ keyword: '书法' });
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([calligraphy, inDescription, pastOne]);
  });

  it('characters that only meet apart do not match; one character finds it alone', async () => {
    // 书本 … 画法: 书 and 法 are both there, never side by side.
    expect(ids(await search({ keyword: '书法', kind: 'family' }))).toEqual([]);
    expect(ids(await search({ keyword: '画' }))).toEqual([inDescription, painting]);
  });

  it('by kind; no keyword is the upcoming list; punctuation finds nothing', async () => {
    expect(ids(await search({ keyword: '书法', kind: 'lecture' }))).toEqual([inDescription]);
    expect(ids(await search({ keyword: '' }))).toEqual([calligraphy, inDescription, painting]);
    expect(ids(await search({ keyword: '！？' }))).toEqual([]);
  });

  it('pages across upcoming and ended results with one cursor', async () => {
    const staff = await staffOf(t, FIND, 2);
    const more: string[] = [];
    for (let i = 0; i < 19; i++) more.push(await publish(t, { poiId: FIND, title: `书法练习第${i + 1}课` }, 6 * DAY + i * HOUR, staff));
    const found: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await search({ keyword: '书法', ...(cursor ? { cursor } : {}) });
      found.push(...ids(res));
      cursor = res.data.next ?? undefined;
    } while (cursor);
    expect(found).toEqual([calligraphy, inDescription, ...more, pastOne]);
  });

  it('refuses a keyword over the limit with 400', async () => {
    expect(await search({ keyword: '书'.repeat(31) })).toMatchObject({ status: 400, message: EventMsg.searchTooLong });
  });
});

