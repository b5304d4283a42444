import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEventCode } from '@sq/contract/events/event-code';
import { EVENT_KINDS, EventMsg } from '@sq/contract/events/event-rules';
import { spaceBookings, spaces } from '../../src/db/schema';
import { staffOf } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { countOf, DAY, DUTY, eventApi, eventBody, HOME, HOUR, insertEvent, insertSignup, loginAs, MANAGER, newCommunity, newJoiner, newResident, OTHER, publish } from './event-helpers';

let t: TestApp;
let api: ReturnType<typeof eventApi>;
let manager: string;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  api = eventApi(t);
  manager = await loginAs(t, MANAGER);
});
afterAll(() => t.close());

const field = async (id: string, column: string) => (await countOf(t, `select count(*) as n from events where id = '${id}' and ${column}`)) === 1;

describe('edit', () => {
  it('staff change the whole event; the list shows it at once', async () => {
    const id = await publish(t, {}, 3 * DAY, manager);
    const res = await api.post(`/v1/events/${id}/edit`, manager, eventBody(t, { title: '书法兴趣班（改到周日）', capacity: 30 }, 4 * DAY));
    expect(res).toMatchObject({ status: 200, data: { id, status: 'published' } });
    const reader = await newJoiner(t);
    expect((await api.get(`/v1/events/${id}`, reader.token)).data.event).toMatchObject({ title: '书法兴趣班（改到周日）', capacity: 30 });
    const pages: string[] = [];
    let next: string | null = null;
    do {
      const page: { data: { events: { id: string; title: string }[]; next: string | null } } = await api.get(`/v1/events?poiId=${HOME}${next ? `&cursor=${next}` : ''}`, reader.token);
      pages.push(...page.data.events.filter((e) => e.id === id).map((e) => e.title));
      next = page.data.next;
    } while (next);
    expect(pages).toEqual(['书法兴趣班（改到周日）']);
  });

  it('never after the start, never below the seats taken, never with bad times; nothing changed', async () => {
    const id = await publish(t, { capacity: 5 }, 3 * HOUR, manager);
    const [a, b] = [await newResident(t), await newResident(t)];
    await insertSignup(t, { eventId: id, poiId: HOME, userId: a.userId, status: 'confirmed', companions: 2 });
    await insertSignup(t, { eventId: id, poiId: HOME, userId: b.userId, status: 'confirmed' });
    expect(await api.post(`/v1/events/${id}/edit`, manager, eventBody(t, { capacity: 3 }, 3 * HOUR))).toMatchObject({ status: 400, message: EventMsg.capacityBelowConfirmed });
    expect(await api.post(`/v1/events/${id}/edit`, manager, eventBody(t, { capacity: 4, endsAt: 1 }, 3 * HOUR))).toMatchObject({ status: 400, message: EventMsg.endBeforeStart });
    expect(await field(id, 'capacity = 5')).toBe(true);
    expect((await api.post(`/v1/events/${id}/edit`, manager, eventBody(t, { capacity: 4 }, 3 * HOUR))).status).toBe(200);
    t.clock.advance(3 * HOUR);
    expect(await api.post(`/v1/events/${id}/edit`, manager, eventBody(t, { title: '晚了' }, HOUR))).toMatchObject({ status: 400, message: EventMsg.noChangeAfterStart });
    expect(await field(id, `title <> '晚了'`)).toBe(true);
  });

  it('more places move the waiting list up, oldest first, and tell who moved; a new start makes the reminders due again', async () => {
    const id = await publish(t, { capacity: 1 }, 3 * DAY, manager);
    const [first, second, third] = [await newResident(t), await newResident(t), await newResident(t)];
    for (const r of [first, second, third]) expect((await api.post(`/v1/events/${id}/signup`, r.token, {})).status).toBe(200);
    await t.database.db.execute(sql`update event_signups set reminded_day = true where event_id = ${id}`);
    const statusOf = async (userId: string) => (await countOf(t, `select count(*) as n from event_signups where event_id = '${id}' and user_id = '${userId}' and status = 'confirmed'`)) === 1;
    expect([await statusOf(second.userId), await statusOf(third.userId)]).toEqual([false, false]);

    expect((await api.post(`/v1/events/${id}/edit`, manager, eventBody(t, { capacity: 2 }, 4 * DAY))).status).toBe(200);
    expect([await statusOf(second.userId), await statusOf(third.userId)]).toEqual([true, false]);
    expect(await field(id, 'confirmed_seats = 2 and waiting_count = 1')).toBe(true);
    expect(await countOf(t, `select count(*) as n from notifications where user_id = '${second.userId}' and kind = 'eventPromoted'`)).toBe(1);
    expect(await countOf(t, `select count(*) as n from notifications where user_id = '${third.userId}' and kind = 'eventPromoted'`)).toBe(0);
    // Moved to a day later: the day's reminder is due again for everyone signed up.
    expect(await countOf(t, `select count(*) as n from event_signups where event_id = '${id}' and reminded_day`)).toBe(0);
  });

  it('residents edit only their own proposal while it waits; others are refused', async () => {
    const proposer = await newResident(t);
    const id = (await api.post('/v1/events', proposer.token, eventBody(t))).data.id;
    expect(await api.post(`/v1/events/${id}/edit`, proposer.token, eventBody(t, { title: '读书会（改）' }))).toMatchObject({ status: 200, data: { status: 'pending' } });
    const neighbour = await newResident(t);
    expect(await api.post(`/v1/events/${id}/edit`, neighbour.token, eventBody(t, { title: '别人改' }))).toMatchObject({ status: 404 });
    const published = await publish(t, {}, 3 * DAY, manager);
    expect(await api.post(`/v1/events/${published}/edit`, neighbour.token, eventBody(t))).toMatchObject({ status: 403, message: EventMsg.notStaff });
    expect(await api.post('/v1/events/not-an-id/edit', manager, eventBody(t))).toMatchObject({ status: 404, message: EventMsg.notFound });
    expect(await field(id, `title = '读书会（改）'`)).toBe(true);
  });
});

describe('cancel', () => {
  it('cancels every sign-up, tells each person why, releases the space, and is audited', async () => {
    const id = await publish(t, { capacity: 1 }, 2 * DAY, manager);
    const [a, b] = [await newResident(t), await newResident(t)];
    await insertSignup(t, { eventId: id, poiId: HOME, userId: a.userId, status: 'confirmed' });
    await insertSignup(t, { eventId: id, poiId: HOME, userId: b.userId, status: 'waiting' });
    const [space] = await t.database.db.insert(spaces).values({ poiId: HOME, name: '活动室', hours: [] }).returning({ id: spaces.id });
    await t.database.db.insert(spaceBookings).values({ spaceId: space!.id, poiId: HOME, eventId: id, startsAt: new Date(), endsAt: new Date(Date.now() + HOUR), status: 'approved' });
    expect(await api.post(`/v1/events/${id}/cancel`, manager, {})).toMatchObject({ status: 400, message: EventMsg.reasonRequired });
    const res = await api.post(`/v1/events/${id}/cancel`, manager, { reason: '天气原因，改期另行通知' });
    expect(res).toMatchObject({ status: 200, data: { status: 'cancelled', told: 2 } });
    expect(await countOf(t, `select count(*) as n from event_signups where event_id = '${id}' and status = 'cancelled' and cancelled_at is not null`)).toBe(2);
    expect(await field(id, 'confirmed_seats = 0 and waiting_count = 0')).toBe(true);
    for (const person of [a, b]) {
      expect(await countOf(t, `select count(*) as n from notifications where user_id = '${person.userId}' and kind = 'eventCancelled' and body like '%天气原因，改期另行通知%'`)).toBe(1);
    }
    expect((await api.get(`/v1/events/${id}`, a.token)).data.event).toMatchObject({ status: 'cancelled', statusNote: '天气原因，改期另行通知', canSignUp: false });
    expect(await countOf(t, `select count(*) as n from space_bookings where event_id = '${id}' and status = 'cancelled'`)).toBe(1);
    expect(await countOf(t, `select count(*) as n from audit_log where action = 'events.cancel' and subject_id = '${id}' and rows = 2`)).toBe(1);
    expect(await api.post(`/v1/events/${id}/cancel`, manager, { reason: '再取消一次' })).toMatchObject({ status: 400, message: EventMsg.cancelled });
  });

  it('not once it ended, not a proposal; residents cannot', async () => {
    const ended = await insertEvent(t, { poiId: HOME, startsAt: new Date(t.clock.now().getTime() - 3 * HOUR) });
    expect(await api.post(`/v1/events/${ended}/cancel`, manager, { reason: '晚了' })).toMatchObject({ status: 400, message: EventMsg.ended });
    const pending = await insertEvent(t, { poiId: HOME, startsAt: new Date(t.clock.now().getTime() + DAY), status: 'pending' });
    expect(await api.post(`/v1/events/${pending}/cancel`, manager, { reason: '不办了' })).toMatchObject({ status: 400, message: EventMsg.notPublished });
    const id = await publish(t, {}, 2 * DAY, manager);
    const resident = await newResident(t);
    expect(await api.post(`/v1/events/${id}/cancel`, resident.token, { reason: '不想办' })).toMatchObject({ status: 403, message: EventMsg.notStaff });
    expect(await field(id, `status = 'published'`)).toBe(true);
  });
});

describe('settings', () => {
  it('off by default; managers turn proposals on (audited); duty staff and residents cannot', async () => {
    const poi = await newCommunity(t);
    const [boss, duty, resident] = [await staffOf(t, poi, 1), await staffOf(t, poi, 2), await newResident(t, poi)];
    expect(await api.get(`/v1/events/settings?poiId=${poi}`, resident.token)).toMatchObject({ status: 200, data: { residentsPropose: false } });
    expect(await api.post('/v1/manage/events/settings', duty, { poiId: poi, residentsPropose: true })).toMatchObject({ status: 403, message: EventMsg.notManager });
    expect(await api.post('/v1/manage/events/settings', resident.token, { poiId: poi, residentsPropose: true })).toMatchObject({ status: 403 });
    expect(await api.post('/v1/manage/events/settings', boss, { poiId: poi, residentsPropose: 'yes' })).toMatchObject({ status: 400 });
    expect(await api.get(`/v1/events/settings?poiId=${poi}`, resident.token)).toMatchObject({ data: { residentsPropose: false } });
    expect(await api.post('/v1/manage/events/settings', boss, { poiId: poi, residentsPropose: true })).toMatchObject({ status: 200, data: { residentsPropose: true } });
    expect(await api.get(`/v1/events/settings?poiId=${poi}`, resident.token)).toMatchObject({ data: { residentsPropose: true } });
    expect(await countOf(t, `select count(*) as n from audit_log where action = 'events.settings' and poi_id = '${poi}'`)).toBe(1);
    expect((await api.post('/v1/events', resident.token, eventBody(t, { poiId: poi }))).data.status).toBe('pending');
  });
});

describe('stats (dashboard)', () => {
  it('counts per event and per kind over the period: seats signed up and attended', async () => {
    const poi = await newCommunity(t);
    const duty = await staffOf(t, poi, 2);
    const now = t.clock.now().getTime();
    const a = await insertEvent(t, { poiId: poi, startsAt: new Date(now - 10 * DAY), kind: 'health', capacity: 30 });
    const b = await insertEvent(t, { poiId: poi, startsAt: new Date(now - 5 * DAY), kind: 'health' });
    await insertEvent(t, { poiId: poi, startsAt: new Date(now - 200 * DAY), kind: 'health' });
    await insertEvent(t, { poiId: poi, startsAt: new Date(now - 3 * DAY), kind: 'lecture', status: 'cancelled' });
    await t.database.db.execute(sql`update events set confirmed_seats = 12, attended = 9 where id = ${a}`);
    const res = await api.get(`/v1/manage/events/stats?poiId=${poi}`, duty);
    expect(res.status).toBe(200);
    expect(res.data.events.map((e: { id: string }) => e.id)).toEqual([b, a]);
    expect(res.data.events[1]).toMatchObject({ kind: 'health', capacity: 30, confirmed: 12, attended: 9, waiting: 0 });
    expect(res.data.kinds.map((k: { kind: string }) => k.kind)).toEqual([...EVENT_KINDS]);
    expect(res.data.kinds.find((k: { kind: string }) => k.kind === 'health')).toEqual({ kind: 'health', events: 2, signedUp: 12, attended: 9 });
    expect(res.data.kinds.find((k: { kind: string }) => k.kind === 'lecture')).toEqual({ kind: 'lecture', events: 0, signedUp: 0, attended: 0 });
    const longAgo = await api.get(`/v1/manage/events/stats?poiId=${poi}&from=2020-01-01&to=2020-12-31`, duty);
    expect(longAgo.data.events).toEqual([]);
  });

  it('refuses a period that is not one with 400', async () => {
    for (const q of ['from=2026-13-01', 'from=2026-11-20&to=2026-11-01', 'from=2024-01-01&to=2026-01-01', 'to=yesterday']) {
      expect(await api.get(`/v1/manage/events/stats?poiId=${HOME}&${q}`, manager), q).toMatchObject({ status: 400, message: EventMsg.time });
    }
  });
});

describe('people of other communities', () => {
  it('are refused by every endpoint of this community’s events, and write nothing', async () => {
    const id = await publish(t, {}, 2 * DAY, manager);
    const pending = await insertEvent(t, { poiId: HOME, startsAt: new Date(t.clock.now().getTime() + DAY), status: 'pending' });
    const outsiders = [(await newResident(t, OTHER)).token, await staffOf(t, OTHER, 1), await staffOf(t, OTHER, 2)];
    const writes = () => countOf(t, `select (select count(*) from events) + (select count(*) from audit_log where action like 'events.%') as n`);
    const before = await writes();
    for (const token of outsiders) {
      const answers = [
        await api.get(`/v1/events?poiId=${HOME}`, token),
        await api.get(`/v1/events?poiId=${HOME}&when=past`, token),
        await api.get(`/v1/events/search?poiId=${HOME}&keyword=书法`, token),
        await api.get(`/v1/events/kinds?poiId=${HOME}`, token),
        await api.get(`/v1/events/settings?poiId=${HOME}`, token),
        await api.get(`/v1/events/${id}`, token),
        await api.post('/v1/events', token, eventBody(t)),
        await api.post(`/v1/events/${id}/edit`, token, eventBody(t)),
        await api.post(`/v1/events/${id}/cancel`, token, { reason: '外人取消' }),
        await api.get(`/v1/manage/events/proposals?poiId=${HOME}`, token),
        await api.post('/v1/manage/events/review', token, { id: pending, approve: true }),
        await api.post('/v1/manage/events/settings', token, { poiId: HOME, residentsPropose: false }),
        await api.get(`/v1/manage/events/stats?poiId=${HOME}`, token),
      ];
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 403));
    }
    expect(await writes()).toBe(before);
    expect(await field(id, `status = 'published'`)).toBe(true);
    expect(await field(pending, `status = 'pending'`)).toBe(true);
  });
});

describe('detail (/activitydetail)', () => {
  it('an event open to its link is read by anyone logged in, who may sign up; others only by the community', async () => {
    const link = await publish(t, { audience: 'link' }, 2 * DAY, manager);
    const residents = await publish(t, {}, 2 * DAY, manager);
    const stranger = await newResident(t, OTHER);
    expect((await api.get(`/v1/events/${link}`, stranger.token)).data.event).toMatchObject({ audience: 'link', canSignUp: true, canManage: false, community: '望京花园西区' });
    expect(await api.get(`/v1/events/${residents}`, stranger.token)).toMatchObject({ status: 403, message: EventMsg.notJoined });
    expect(await api.get('/v1/events/00000000-0000-4000-8000-000000000000', stranger.token)).toMatchObject({ status: 404, message: EventMsg.notFound });
  });

  it('canSignUp follows the audience: residents, owners; someone who only joined reads but may not sign up', async () => {
    const owners = await publish(t, { audience: 'owners' }, 2 * DAY, manager);
    const residents = await publish(t, {}, 2 * DAY, manager);
    const joiner = await newJoiner(t);
    const owner = await newResident(t);
    const duty = await loginAs(t, DUTY);
    expect((await api.get(`/v1/events/${residents}`, joiner.token)).data.event).toMatchObject({ canSignUp: false, canManage: false });
    expect((await api.get(`/v1/events/${residents}`, owner.token)).data.event.canSignUp).toBe(true);
    expect((await api.get(`/v1/events/${owners}`, owner.token)).data.event.canSignUp).toBe(true);
    expect((await api.get(`/v1/events/${owners}`, duty)).data.event).toMatchObject({ canSignUp: true, canManage: true });
    // The demo visitor holds an approved visitor's pass: not a resident, not an owner.
    const visitor = await loginAs(t, '13800000005');
    expect((await api.get(`/v1/events/${owners}`, visitor)).data.event.canSignUp).toBe(false);
  });

  it('carries the caller’s own sign-up and, confirmed, its check-in code; never the event’s key', async () => {
    const id = await publish(t, { capacity: 2 }, 2 * DAY, manager);
    const person = await newResident(t);
    await insertSignup(t, { eventId: id, poiId: HOME, userId: person.userId, status: 'confirmed', companions: 1 });
    const res = await api.get(`/v1/events/${id}`, person.token);
    const signupId = res.data.event.mine.id;
    expect(res.data.event).toMatchObject({ confirmed: 2, mine: { status: 'confirmed', companions: 1 }, ticket: expect.stringMatching(/^EV1\./) });
    expect(parseEventCode(res.data.event.ticket)?.signupId).toBe(signupId);
    expect(JSON.stringify(res.data)).not.toMatch(/ticketKey|ticket_key/);
    const waiting = await newResident(t);
    await insertSignup(t, { eventId: id, poiId: HOME, userId: waiting.userId, status: 'waiting' });
    expect((await api.get(`/v1/events/${id}`, waiting.token)).data.event).toMatchObject({ mine: { status: 'waiting', waitingPosition: 1 }, ticket: null });
    expect((await api.get(`/v1/events/${id}`, manager)).data.event.ticket).toBeNull();
  });
});
