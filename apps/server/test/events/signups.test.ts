import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventMsg, SIGNUPS_PER_DAY } from '@sq/contract/events/event-rules';
import { and, eq } from 'drizzle-orm';
import { eventSignups, notifications } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/test-app';
import { countOf, countsOf, DAY, eventApi, HOME, HOUR, loginAs, newEvent, newJoiner, newPassHolder, newResident, OTHER, signupsOf } from './signups-helpers';

let t: TestApp;
let api: ReturnType<typeof eventApi>;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  api = eventApi(t);
});
afterAll(() => t.close());

const signUp = (id: string, token: string, body: object = {}) => api.post(`/v1/events/${id}/signup`, token, body);
const cancel = (id: string, token: string) => api.post(`/v1/events/${id}/signup/cancel`, token);
const noticesOf = (userId: string, kind: 'eventPromoted' | 'eventReminder') =>
  t.database.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

describe('places under parallel sign-ups', () => {
  it('50 people signing up at once for 10 places: exactly 10 confirmed, 40 waiting, numbered 1–40', async () => {
    const id = await newEvent(t, { capacity: 10 });
    const people = await Promise.all(Array.from({ length: 50 }, () => newResident(t)));
    const answers = await Promise.all(people.map((p) => signUp(id, p.token)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    const statuses = answers.map((a) => a.data.signup.status);
    expect(statuses.filter((s) => s === 'confirmed')).toHaveLength(10);
    expect(statuses.filter((s) => s === 'waiting')).toHaveLength(40);
    const positions = answers.filter((a) => a.data.signup.status === 'waiting').map((a) => a.data.signup.waitingPosition);
    expect([...positions].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(await countsOf(t, id)).toMatchObject({ confirmed: 10, waiting: 40 });
    const rows = await signupsOf(t, id);
    expect(rows.filter((r) => r.status === 'confirmed')).toHaveLength(10);
  });

  it('counts companions as places: a family of three fills three places, and the next person waits', async () => {
    const id = await newEvent(t, { capacity: 3, maxCompanions: 2 });
    const [a, b] = [await newResident(t), await newResident(t)];
    expect((await signUp(id, a.token, { companions: 2 })).data.signup).toMatchObject({ status: 'confirmed', companions: 2, waitingPosition: null });
    expect((await signUp(id, b.token)).data.signup).toMatchObject({ status: 'waiting', waitingPosition: 1 });
    expect(await countsOf(t, id)).toMatchObject({ confirmed: 3, waiting: 1 });
  });

  it('refuses more companions than the event allows, writing nothing', async () => {
    const id = await newEvent(t, { maxCompanions: 1 });
    const p = await newResident(t);
    expect(await signUp(id, p.token, { companions: 2 })).toMatchObject({ status: 400, message: EventMsg.companions });
    expect(await signupsOf(t, id)).toHaveLength(0);
  });

  it('answers the same sign-up to a repeated tap; a cancelled one is revived at the end of the queue', async () => {
    const id = await newEvent(t, { capacity: 1 });
    const [a, b, c] = [await newResident(t), await newResident(t), await newResident(t)];
    const first = (await signUp(id, a.token)).data.signup;
    expect((await signUp(id, a.token, { companions: 1 })).data.signup).toEqual(first);
    await signUp(id, b.token);
    t.clock.advance(1000);
    await signUp(id, c.token);
    t.clock.advance(1000);
    expect((await cancel(id, b.token)).data.signup.status).toBe('cancelled');
    expect((await signUp(id, c.token)).data.signup.waitingPosition).toBe(1);
    const again = (await signUp(id, b.token)).data.signup;
    expect(again).toMatchObject({ id: expect.any(String), status: 'waiting', waitingPosition: 2 });
    expect(await signupsOf(t, id)).toHaveLength(3);
    expect(await countsOf(t, id)).toMatchObject({ confirmed: 1, waiting: 2 });
  });
});

describe('cancelling and the waiting list', () => {
  it('moves the first waiting person up when a place frees, and tells them', async () => {
    const id = await newEvent(t, { capacity: 1, title: '亲子绘画课' });
    const [a, b, c] = [await newResident(t), await newResident(t), await newResident(t)];
    await signUp(id, a.token);
    t.clock.advance(1000);
    await signUp(id, b.token);
    t.clock.advance(1000);
    await signUp(id, c.token);
    expect((await cancel(id, a.token)).data.signup).toMatchObject({ status: 'cancelled' });
    expect((await api.get(`/v1/events/mine`, b.token)).data.events[0].mine).toMatchObject({ status: 'confirmed' });
    expect((await api.get(`/v1/events/mine`, c.token)).data.events[0].mine).toMatchObject({ status: 'waiting', waitingPosition: 1 });
    expect(await countsOf(t, id)).toMatchObject({ confirmed: 1, waiting: 1 });
    const told = await noticesOf(b.userId, 'eventPromoted');
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain('亲子绘画课');
    expect(await noticesOf(c.userId, 'eventPromoted')).toHaveLength(0);
  });

  it('keeps strict order: a family that does not fit yet holds the person behind it', async () => {
    const id = await newEvent(t, { capacity: 3, maxCompanions: 2 });
    const [a, b, family, single] = [await newResident(t), await newResident(t), await newResident(t), await newResident(t)];
    await signUp(id, a.token, { companions: 1 });
    await signUp(id, b.token);
    t.clock.advance(1000);
    await signUp(id, family.token, { companions: 2 });
    t.clock.advance(1000);
    await signUp(id, single.token);
    const mine = async (p: { token: string }) => (await api.get('/v1/events/mine', p.token)).data.events[0].mine;
    // Two places free, the family needs three: the single person behind them does not jump the queue.
    await cancel(id, a.token);
    expect(await mine(family)).toMatchObject({ status: 'waiting', waitingPosition: 1 });
    expect(await mine(single)).toMatchObject({ status: 'waiting', waitingPosition: 2 });
    expect(await countsOf(t, id)).toMatchObject({ confirmed: 1, waiting: 2 });
    await cancel(id, b.token);
    expect(await mine(family)).toMatchObject({ status: 'confirmed' });
    expect(await mine(single)).toMatchObject({ status: 'waiting', waitingPosition: 1 });
    expect(await countsOf(t, id)).toMatchObject({ confirmed: 3, waiting: 1 });
  });

  it('refuses a party larger than the whole event', async () => {
    const id = await newEvent(t, { capacity: 2, maxCompanions: 2 });
    expect(await signUp(id, (await newResident(t)).token, { companions: 2 })).toMatchObject({ status: 400, message: EventMsg.full });
    expect(await signupsOf(t, id)).toHaveLength(0);
  });

  it('refuses a cancellation after the cut-off, and one without a sign-up', async () => {
    const id = await newEvent(t);
    const p = await newResident(t);
    expect(await cancel(id, p.token)).toMatchObject({ status: 404, message: EventMsg.notSignedUp });
    await signUp(id, p.token);
    t.clock.advance(49 * HOUR);
    expect(await cancel(id, p.token)).toMatchObject({ status: 400, message: EventMsg.cancelClosed });
    expect((await signupsOf(t, id))[0]!.status).toBe('confirmed');
    t.clock.advance(-49 * HOUR);
  });
});

describe('when and whom', () => {
  it('refuses sign-ups before the window, after it, for cancelled, pending and ended events', async () => {
    const p = await newResident(t);
    const now = t.clock.now().getTime();
    const early = await newEvent(t, { signupOpensAt: new Date(now + HOUR) });
    expect(await signUp(early, p.token)).toMatchObject({ status: 400, message: EventMsg.notOpenYet });
    const late = await newEvent(t, { signupOpensAt: new Date(now - 2 * HOUR), signupClosesAt: new Date(now - HOUR) });
    expect(await signUp(late, p.token)).toMatchObject({ status: 400, message: EventMsg.closed });
    expect(await signUp(await newEvent(t, { status: 'cancelled' }), p.token)).toMatchObject({ status: 400, message: EventMsg.cancelled });
    expect(await signUp(await newEvent(t, { status: 'pending' }), p.token)).toMatchObject({ status: 400, message: EventMsg.notPublished });
    const ended = await newEvent(t, { startsAt: new Date(now - 3 * HOUR), endsAt: new Date(now - HOUR), cancelUntil: new Date(now - 4 * HOUR), signupOpensAt: new Date(now - DAY), signupClosesAt: new Date(now + HOUR) });
    expect(await signUp(ended, p.token)).toMatchObject({ status: 400, message: EventMsg.ended });
    expect(await countOf(t, `select count(*) as n from event_signups where user_id = '${p.userId}'`)).toBe(0);
  });

  it('residents: a pass holder and an owner may, someone who only joined and people of other communities may not', async () => {
    const id = await newEvent(t, { audience: 'residents' });
    expect((await signUp(id, (await newPassHolder(t)).token)).status).toBe(200);
    expect((await signUp(id, (await newResident(t)).token)).status).toBe(200);
    expect(await signUp(id, (await newJoiner(t)).token)).toMatchObject({ status: 403, message: EventMsg.notResident });
    expect(await signUp(id, (await newResident(t, OTHER)).token)).toMatchObject({ status: 403, message: EventMsg.notResident });
    expect(await signupsOf(t, id)).toHaveLength(2);
  });

  it('owners: a home in the register (or staff), not a tenant’s pass', async () => {
    const id = await newEvent(t, { audience: 'owners' });
    expect((await signUp(id, (await newResident(t)).token)).status).toBe(200);
    expect((await signUp(id, await loginAs(t, '13800000003'))).status).toBe(200);
    expect(await signUp(id, (await newPassHolder(t)).token)).toMatchObject({ status: 403, message: EventMsg.notOwner });
    expect(await signUp(id, (await newResident(t, OTHER)).token)).toMatchObject({ status: 403, message: EventMsg.notOwner });
  });

  it('link: anyone logged in, a neighbouring community’s resident too', async () => {
    const id = await newEvent(t, { audience: 'link' });
    expect((await signUp(id, (await newResident(t, OTHER)).token)).status).toBe(200);
    expect((await signUp(id, (await newJoiner(t, OTHER)).token)).status).toBe(200);
  });

  it(`stops a person at ${SIGNUPS_PER_DAY} sign-ups a Beijing day`, async () => {
    const p = await newResident(t);
    const ids = await Promise.all(Array.from({ length: SIGNUPS_PER_DAY + 1 }, () => newEvent(t, { audience: 'link' })));
    const answers = await Promise.all(ids.map((id) => signUp(id, p.token)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(SIGNUPS_PER_DAY);
    expect(answers.filter((a) => a.status === 429 && a.message === EventMsg.tooManySignups)).toHaveLength(1);
    expect(await countOf(t, `select count(*) as n from event_signups where user_id = '${p.userId}'`)).toBe(SIGNUPS_PER_DAY);
  });
});

describe('mobile and note', () => {
  it('asks for a mobile when the event needs one; keeps it encrypted; staff see it masked', async () => {
    const id = await newEvent(t, { needsPhone: true });
    const p = await newResident(t);
    expect(await signUp(id, p.token)).toMatchObject({ status: 400, message: EventMsg.mobileRequired });
    expect(await signUp(id, p.token, { mobile: '1380000' })).toMatchObject({ status: 400 });
    expect(await signupsOf(t, id)).toHaveLength(0);
    expect((await signUp(id, p.token, { mobile: '13912345678', note: '孩子 6 岁' })).status).toBe(200);
    const [row] = await signupsOf(t, id);
    expect(row!.mobileEnc).not.toContain('13912345678');
    expect(t.pii.decrypt(row!.mobileEnc!)).toBe('13912345678');
    const list = await api.get(`/v1/manage/events/${id}/signups`, await loginAs(t, '13800000003'));
    expect(list.data.signups[0]).toMatchObject({ mobile: '139****5678', note: '孩子 6 岁', status: 'confirmed', walkIn: false });
    expect(JSON.stringify(list.data)).not.toContain('13912345678');
    expect(t.logs()).not.toContain('13912345678');
  });

  it('keeps no mobile for an event that does not ask for one', async () => {
    const id = await newEvent(t, { needsPhone: false });
    await signUp(id, (await newResident(t)).token, { mobile: '13912345678' });
    expect((await signupsOf(t, id))[0]!.mobileEnc).toBeNull();
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const id = await newEvent(t);
    const p = await newResident(t);
    for (const body of [{ companions: -1 }, { companions: 'two' }, { companions: 1.5 }, { note: '长'.repeat(101) }, { mobile: 'abc' }]) {
      const res = await signUp(id, p.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.message).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await signUp('not-a-uuid', p.token)).toMatchObject({ status: 404, message: EventMsg.notFound });
    expect(await signupsOf(t, id)).toHaveLength(0);
    expect(await countsOf(t, id)).toMatchObject({ confirmed: 0, waiting: 0 });
  });
});

describe('我的活动', () => {
  it('lists the caller’s events of every community, upcoming first (soonest first), then past (latest first), with the community', async () => {
    const p = await newResident(t);
    const now = t.clock.now().getTime();
    const soon = await newEvent(t, { title: '明天', audience: 'link', startsAt: new Date(now + 20 * HOUR), endsAt: new Date(now + 22 * HOUR), cancelUntil: new Date(now + 10 * HOUR), signupClosesAt: new Date(now + 19 * HOUR) });
    const later = await newEvent(t, { title: '下周', audience: 'link', poiId: OTHER });
    await signUp(later, p.token);
    await signUp(soon, p.token);
    // Ended: written straight in (nobody can sign up for it any more).
    const past = await newEvent(t, { title: '上周', startsAt: new Date(now - 7 * DAY), endsAt: new Date(now - 7 * DAY + HOUR) });
    await t.database.db.insert(eventSignups).values({ eventId: past, poiId: HOME, userId: p.userId, seats: 1, status: 'confirmed' });
    const res = await api.get('/v1/events/mine', p.token);
    expect(res.data.events.map((e: { title: string }) => e.title)).toEqual(['明天', '下周', '上周']);
    expect(res.data.events[1]).toMatchObject({ poiId: OTHER, community: expect.any(String), mine: { status: 'confirmed' } });
    expect(res.data.events[1].community).not.toBe(res.data.events[0].community);
    expect(res.data.next).toBeNull();
  });
});
