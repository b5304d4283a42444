import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventMsg } from '@sq/contract/events/event-rules';
import { CODE_STEP_SECONDS } from '@sq/contract/pass/code-steps';
import { events } from '../../src/db/schema';
import { staffOf } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { boardApi, HOME, loginAs, newResident, OTHER } from '../board/board-helpers';
import { HOUR, insertEvent, insertSignup } from './checkin-helpers';

let t: TestApp;
let api: ReturnType<typeof boardApi>;
let duty: string;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  api = boardApi(t);
  duty = await loginAs(t, '13800000003');
});
afterAll(() => t.close());

const STEP = CODE_STEP_SECONDS * 1000;
const doorOf = async (eventId: string, token = duty) => {
  const res = await api.get(`/v1/manage/events/${eventId}/door`, token);
  expect(res.status).toBe(200);
  return { ...res.data, door: new URL(res.data.url).searchParams.get('door')! };
};
const attendedOf = async (id: string) => (await t.database.db.select({ n: events.attended }).from(events).where(eq(events.id, id)))[0]!.n;

describe('the door QR signed-up people scan themselves', () => {
  it('is the address of /activitycheckin, changes every half minute, and is taken one step either way', async () => {
    const event = await insertEvent(t, HOME, { startsIn: 0 });
    const first = await doorOf(event.id);
    const url = new URL(first.url);
    expect(url.pathname).toBe('/activitycheckin');
    expect(url.searchParams.get('id')).toBe(event.id);
    expect(first.validUntil).toBeGreaterThan(t.clock.now().getTime());
    expect(first.validUntil - t.clock.now().getTime()).toBeLessThanOrEqual(STEP);
    t.clock.advance(STEP);
    const second = await doorOf(event.id);
    expect(second.door).not.toBe(first.door);

    // A step later the first code still works; two steps later it has expired.
    const a = await newResident(t);
    await insertSignup(t, event, a.userId, { companions: 1 });
    const ok = await api.post(`/v1/events/${event.id}/door-checkin`, a.token, { door: first.door });
    expect(ok.status).toBe(200);
    expect(ok.data.signup).toMatchObject({ status: 'confirmed', companions: 1 });
    expect(ok.data.signup.checkedInAt).toBe(Math.floor(t.clock.now().getTime() / 1000));
    const b = await newResident(t);
    await insertSignup(t, event, b.userId);
    t.clock.advance(STEP);
    expect(await api.post(`/v1/events/${event.id}/door-checkin`, b.token, { door: first.door })).toMatchObject({ status: 400, message: EventMsg.doorCode });
    expect(await api.post(`/v1/events/${event.id}/door-checkin`, b.token, { door: `${first.door.split('.')[0]}.AAAAAAAAAAAAAA` })).toMatchObject({ status: 400, message: EventMsg.doorCode });
    expect(await attendedOf(event.id)).toBe(2);
    const current = await doorOf(event.id);
    expect((await api.post(`/v1/events/${event.id}/door-checkin`, b.token, { door: current.door })).status).toBe(200);
    expect(await attendedOf(event.id)).toBe(3);
    expect((await doorOf(event.id)).attended).toBe(3);
    // Scanned again: the same answer, counted once.
    expect((await api.post(`/v1/events/${event.id}/door-checkin`, b.token, { door: current.door })).status).toBe(200);
    expect(await attendedOf(event.id)).toBe(3);
  });

  it('another event\'s door code does not work here', async () => {
    const event = await insertEvent(t, HOME, { startsIn: 0 });
    const other = await insertEvent(t, HOME, { startsIn: 0 });
    const a = await newResident(t);
    await insertSignup(t, event, a.userId);
    const { door } = await doorOf(other.id);
    expect(await api.post(`/v1/events/${event.id}/door-checkin`, a.token, { door })).toMatchObject({ status: 400, message: EventMsg.doorCode });
  });

  it('says so to people not signed up (403, other communities too), waiting or cancelled, and outside the window', async () => {
    const event = await insertEvent(t, HOME, { startsIn: 0 });
    const { door } = await doorOf(event.id);
    const stranger = await newResident(t, OTHER);
    expect(await api.post(`/v1/events/${event.id}/door-checkin`, stranger.token, { door })).toMatchObject({ status: 403, message: EventMsg.notSignedUp });
    const waiting = await newResident(t);
    await insertSignup(t, event, waiting.userId, { status: 'waiting' });
    expect(await api.post(`/v1/events/${event.id}/door-checkin`, waiting.token, { door })).toMatchObject({ status: 400, message: EventMsg.ticketWaiting });
    const cancelled = await newResident(t);
    await insertSignup(t, event, cancelled.userId, { status: 'cancelled' });
    expect(await api.post(`/v1/events/${event.id}/door-checkin`, cancelled.token, { door })).toMatchObject({ status: 403, message: EventMsg.notSignedUp });
    expect(await attendedOf(event.id)).toBe(0);

    const later = await insertEvent(t, HOME, { startsIn: 5 * HOUR });
    expect(await api.get(`/v1/manage/events/${later.id}/door`, duty)).toMatchObject({ status: 400, message: EventMsg.checkinNotOpen });
    const early = await newResident(t);
    await insertSignup(t, later, early.userId);
    expect(await api.post(`/v1/events/${later.id}/door-checkin`, early.token, { door })).toMatchObject({ status: 400, message: EventMsg.checkinNotOpen });
    expect(await api.get(`/v1/manage/events/${event.id}/door`, await staffOf(t, OTHER))).toMatchObject({ status: 403, message: EventMsg.notStaff });
  });
});
