import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventMsg } from '@sq/contract/events/event-rules';
import { eventCodeOf, eventSecretDigest, parseEventCode } from '@sq/contract/events/event-code';
import { events, eventSignups } from '../../src/db/schema';
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

const scan = (eventId: string, code: string, token = duty) => api.post(`/v1/manage/events/${eventId}/checkin`, token, { code });
const attendedOf = async (id: string) => (await t.database.db.select({ n: events.attended }).from(events).where(eq(events.id, id)))[0]!.n;

describe('staff scan a sign-up code at the door', () => {
  it('checks a confirmed sign-up in with its companions; the same code again is green and not counted twice', async () => {
    const event = await insertEvent(t, HOME);
    const person = await newResident(t);
    const signup = await insertSignup(t, event, person.userId, { companions: 2 });
    const first = await scan(event.id, signup.code);
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ signupId: signup.id, companions: 2, repeat: false, via: 'scan', attended: 3 });
    expect(first.data.name).not.toBe('');
    const again = await scan(event.id, signup.code);
    expect(again.data).toMatchObject({ repeat: true, attended: 3, checkedInAt: first.data.checkedInAt });
    const [row] = await t.database.db.select().from(eventSignups).where(eq(eventSignups.id, signup.id));
    expect(row).toMatchObject({ checkinVia: 'scan' });
    expect(row!.checkedInBy).not.toBeNull();
    expect(await attendedOf(event.id)).toBe(3);
  });

  it('takes codes only: the QR\'s address (the scanner reads the code out of it) or any other text is not one', async () => {
    const event = await insertEvent(t, HOME);
    const signup = await insertSignup(t, event, (await newResident(t)).userId);
    expect(await scan(event.id, `https://x.cn/activityticket?code=${signup.code}`)).toMatchObject({ status: 400, message: EventMsg.notTicket });
    expect(await scan(event.id, 'hello')).toMatchObject({ status: 400, message: EventMsg.notTicket });
  });

  it('refuses a forged code, another event\'s, another community\'s, a cancelled and a waiting sign-up – and writes nothing', async () => {
    const event = await insertEvent(t, HOME);
    const sibling = await insertEvent(t, HOME);
    const elsewhere = await insertEvent(t, OTHER);
    const person = await newResident(t);
    const mine = await insertSignup(t, event, person.userId);
    const forged = eventCodeOf(mine.id, parseEventCode(mine.code)!.secret.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')));
    expect(await scan(event.id, forged)).toMatchObject({ status: 400, message: EventMsg.ticketUnknown });
    const ofSibling = await insertSignup(t, sibling, person.userId);
    expect(await scan(event.id, ofSibling.code)).toMatchObject({ status: 400, message: EventMsg.otherEvent });
    const ofOther = await insertSignup(t, elsewhere, (await newResident(t, OTHER)).userId);
    expect(await scan(event.id, ofOther.code)).toMatchObject({ status: 400, message: EventMsg.otherCommunity });
    const cancelled = await insertSignup(t, event, (await newResident(t)).userId, { status: 'cancelled' });
    expect(await scan(event.id, cancelled.code)).toMatchObject({ status: 400, message: EventMsg.ticketCancelled });
    const waiting = await insertSignup(t, event, (await newResident(t)).userId, { status: 'waiting' });
    expect(await scan(event.id, waiting.code)).toMatchObject({ status: 400, message: EventMsg.ticketWaiting });
    expect(await attendedOf(event.id)).toBe(0);
    const checked = await t.database.db.select({ at: eventSignups.checkedInAt }).from(eventSignups).where(eq(eventSignups.eventId, event.id));
    expect(checked.every((r) => r.at === null)).toBe(true);
  });

  it('opens two hours before the start and closes at the end', async () => {
    const early = await insertEvent(t, HOME, { startsIn: 2 * HOUR + 60_000 });
    const code = (await insertSignup(t, early, (await newResident(t)).userId)).code;
    expect(await scan(early.id, code)).toMatchObject({ status: 400, message: EventMsg.checkinNotOpen });
    t.clock.advance(2 * 60_000);
    expect((await scan(early.id, code)).status).toBe(200);
    const ended = await insertEvent(t, HOME, { startsIn: -3 * HOUR, hours: 2 });
    const late = (await insertSignup(t, ended, (await newResident(t)).userId)).code;
    expect(await scan(ended.id, late)).toMatchObject({ status: 400, message: EventMsg.checkinNotOpen });
    expect(await attendedOf(ended.id)).toBe(0);
  });

  it('refuses a cancelled event and one not published', async () => {
    const cancelled = await insertEvent(t, HOME, { status: 'cancelled' });
    const code = (await insertSignup(t, cancelled, (await newResident(t)).userId)).code;
    expect(await scan(cancelled.id, code)).toMatchObject({ status: 400, message: EventMsg.cancelled });
    const pending = await insertEvent(t, HOME, { status: 'pending' });
    expect(await api.get(`/v1/manage/events/${pending.id}/checkin-kit`, duty)).toMatchObject({ status: 400, message: EventMsg.notPublished });
  });

  it('refuses staff of other communities (403), residents (403) and an unknown event (404)', async () => {
    const event = await insertEvent(t, HOME);
    const person = await newResident(t);
    const code = (await insertSignup(t, event, person.userId)).code;
    const otherStaff = await staffOf(t, OTHER);
    for (const token of [otherStaff, person.token]) {
      expect(await scan(event.id, code, token)).toMatchObject({ status: 403, message: EventMsg.notStaff });
      expect((await api.get(`/v1/manage/events/${event.id}/checkin-kit`, token)).status).toBe(403);
      expect((await api.get(`/v1/manage/events/${event.id}/door`, token)).status).toBe(403);
      expect((await api.post(`/v1/manage/events/${event.id}/checkins`, token, { scans: [{ code, at: Date.now() }] })).status).toBe(403);
    }
    expect(await scan('00000000-0000-4000-8000-000000000000', code)).toMatchObject({ status: 404, message: EventMsg.notFound });
    expect(await attendedOf(event.id)).toBe(0);
  });
});

describe('a ticket opened by a phone\'s own camera (/activityticket)', () => {
  it('checks the person in at the code\'s own event for its staff; anyone else is told it is for staff (403)', async () => {
    const event = await insertEvent(t, HOME);
    const person = await newResident(t);
    const signup = await insertSignup(t, event, person.userId);
    expect(await api.post('/v1/manage/events/checkin-by-code', person.token, { code: signup.code })).toMatchObject({ status: 403, message: EventMsg.notStaff });
    expect((await api.post('/v1/manage/events/checkin-by-code', await staffOf(t, OTHER), { code: signup.code })).status).toBe(403);
    expect(await attendedOf(event.id)).toBe(0);
    const res = await api.post('/v1/manage/events/checkin-by-code', duty, { code: signup.code });
    expect(res.data).toMatchObject({ eventId: event.id, title: '老年人免费体检', signupId: signup.id, repeat: false, attended: 1 });
  });
});

describe('the offline list and the scans sent later', () => {
  it('holds each confirmed sign-up\'s digest, name and companions – no key, no secret, nothing a code can be made from', async () => {
    const event = await insertEvent(t, HOME);
    const a = await insertSignup(t, event, (await newResident(t)).userId, { companions: 1 });
    await insertSignup(t, event, (await newResident(t)).userId, { status: 'waiting' });
    const kit = await api.get(`/v1/manage/events/${event.id}/checkin-kit`, duty);
    expect(kit.status).toBe(200);
    expect(kit.data.tickets).toHaveLength(1);
    const secret = parseEventCode(a.code)!.secret;
    expect(kit.data.tickets[0]).toMatchObject({ signupId: a.id, companions: 1, checkedInAt: null, digest: eventSecretDigest(secret) });
    const text = JSON.stringify(kit.data);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(event.ticketKey.toString('base64url'));
    expect(text).not.toContain(event.ticketKey.toString('hex'));
    expect(text).not.toContain(event.ticketKey.toString('base64'));
    // The digest in a code's place is not a code.
    const fromKit = eventCodeOf(a.id, kit.data.tickets[0].digest.slice(0, 22));
    expect(await scan(event.id, fromKit)).toMatchObject({ status: 400, message: EventMsg.ticketUnknown });
  });

  it('checks each scan again: a repeat counts once, a bad code is refused with why, the scan\'s time is kept when plausible', async () => {
    const event = await insertEvent(t, HOME, { startsIn: 0 });
    const a = await insertSignup(t, event, (await newResident(t)).userId, { companions: 1 });
    const b = await insertSignup(t, event, (await newResident(t)).userId);
    const waiting = await insertSignup(t, event, (await newResident(t)).userId, { status: 'waiting' });
    const scannedAt = t.clock.now().getTime() + 5 * 60_000;
    t.clock.advance(20 * 60_000);
    const res = await api.post(`/v1/manage/events/${event.id}/checkins`, duty, {
      scans: [
        { code: a.code, at: scannedAt },
        { code: a.code, at: scannedAt + 1000 },
        { code: waiting.code, at: scannedAt },
        // A clock far ahead: the time it arrived is kept instead.
        { code: b.code, at: scannedAt + 10 * HOUR },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.data.results.map((r: { ok: boolean; message: string | null }) => [r.ok, r.message])).toEqual([
      [true, null],
      [true, null],
      [false, EventMsg.ticketWaiting],
      [true, null],
    ]);
    expect(res.data.attended).toBe(3);
    const rows = await t.database.db.select({ id: eventSignups.id, at: eventSignups.checkedInAt, via: eventSignups.checkinVia }).from(eventSignups).where(eq(eventSignups.eventId, event.id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(a.id)).toMatchObject({ at: new Date(scannedAt), via: 'offline' });
    expect(byId.get(b.id)!.at).toEqual(t.clock.now());
    // Sent again (the answer was lost): nothing changes.
    const resent = await api.post(`/v1/manage/events/${event.id}/checkins`, duty, { scans: [{ code: a.code, at: scannedAt }] });
    expect(resent.data).toMatchObject({ results: [{ ok: true }], attended: 3 });
    // An online scan of one checked in offline: a repeat.
    expect((await scan(event.id, b.code)).data).toMatchObject({ repeat: true, via: 'offline', attended: 3 });
  });

  it('refuses offline scans made outside the window when they arrive after it', async () => {
    const event = await insertEvent(t, HOME, { startsIn: -HOUR, hours: 1 });
    const a = await insertSignup(t, event, (await newResident(t)).userId);
    t.clock.advance(60_000);
    const res = await api.post(`/v1/manage/events/${event.id}/checkins`, duty, { scans: [{ code: a.code, at: t.clock.now().getTime() - 30_000 }] });
    expect(res.data).toMatchObject({ results: [{ ok: false, message: EventMsg.checkinNotOpen }], attended: 0 });
  });
});
