import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpaceMsg } from '@sq/contract/spaces/space-rules';
import { addDays, beijingDate } from '@sq/contract/beijing-time';
import { boardApi, countOf, HOME, newJoiner, newResident, OTHER } from '../board/board-helpers';
import { staffOf } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { at, newSpace } from './spaces-helpers';

let t: TestApp;
let api: ReturnType<typeof boardApi>;
let manager: string;

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { LOG_LEVEL: 'warn' } });
  api = boardApi(t);
  manager = await staffOf(t, HOME, 1);
});
afterAll(() => t?.close());

const bookingsOf = (spaceId: string) => countOf(t, `select count(*) as n from space_bookings where space_id = '${spaceId}'`);

describe('booking a space (/area)', () => {
  it('books a free slot; the day shows it as the booker’s own and as 已预约 (taken, nobody named) to a neighbour', async () => {
    const space = await newSpace(t, HOME);
    const [a, b] = [await newResident(t), await newResident(t)];
    const booked = await api.post(`/v1/spaces/${space.id}/book`, a.token, { startsAt: at(t, 1, 10), slots: 2, purpose: '合唱排练' });
    expect(booked.status, booked.message).toBe(200);
    expect(booked.data.booking).toMatchObject({ status: 'approved', startsAt: at(t, 1, 10), endsAt: at(t, 1, 12), canCancel: true, spaceName: '多功能活动室' });
    const date = addDays(beijingDate(t.clock.now()), 1);
    const mine = await api.get(`/v1/spaces/${space.id}?date=${date}`, a.token);
    const theirs = await api.get(`/v1/spaces/${space.id}?date=${date}`, b.token);
    const state = (day: typeof mine, hour: number) => day.data.slots.find((s: { startsAt: number }) => s.startsAt === at(t, 1, hour)).state;
    expect([state(mine, 10), state(mine, 11), state(mine, 12)]).toEqual(['mine', 'mine', 'free']);
    expect([state(theirs, 10), state(theirs, 11), state(theirs, 12)]).toEqual(['taken', 'taken', 'free']);
    expect(JSON.stringify(theirs.data)).not.toContain(a.openId);
    expect(mine.data.slots).toHaveLength(13);
    expect(mine.data.weekUsed).toBe(120);
  });

  it('refuses a second booking of the same slot with the message (409), and an overlapping longer one', async () => {
    const space = await newSpace(t, HOME);
    const [a, b] = [await newResident(t), await newResident(t)];
    expect((await api.post(`/v1/spaces/${space.id}/book`, a.token, { startsAt: at(t, 2, 15) })).status).toBe(200);
    const again = await api.post(`/v1/spaces/${space.id}/book`, b.token, { startsAt: at(t, 2, 15) });
    expect(again).toMatchObject({ status: 409, message: SpaceMsg.taken });
    const longer = await api.post(`/v1/spaces/${space.id}/book`, b.token, { startsAt: at(t, 2, 14), slots: 2 });
    expect(longer).toMatchObject({ status: 409, message: SpaceMsg.taken });
    expect(await bookingsOf(space.id)).toBe(1);
  });

  it('gives one slot to exactly one of 20 people asking at once', async () => {
    const space = await newSpace(t, HOME);
    const people = [];
    for (let i = 0; i < 20; i++) people.push(await newResident(t));
    const answers = await Promise.all(people.map((p) => api.post(`/v1/spaces/${space.id}/book`, p.token, { startsAt: at(t, 3, 9) })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409 && r.message === SpaceMsg.taken)).toHaveLength(19);
    expect(await countOf(t, `select count(*) as n from space_bookings where space_id = '${space.id}' and status = 'approved'`)).toBe(1);
  });

  it('keeps the weekly minutes per person, also under parallel requests, and a cancelled booking frees them', async () => {
    const space = await newSpace(t, HOME, { weeklyMinutes: 120, daysAhead: 14 });
    const a = await newResident(t);
    // Next week's Monday onwards, so every slot falls in one Beijing week.
    const monday = 7 - ((new Date(`${beijingDate(t.clock.now())}T00:00:00Z`).getUTCDay() + 6) % 7);
    const answers = await Promise.all([9, 11, 13, 15].map((h) => api.post(`/v1/spaces/${space.id}/book`, a.token, { startsAt: at(t, monday, h) })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(2);
    const refused = answers.find((r) => r.status !== 200)!;
    expect(refused).toMatchObject({ status: 409, message: SpaceMsg.weekly(120, 0) });
    const first = answers.find((r) => r.status === 200)!;
    expect((await api.post(`/v1/spaces/bookings/${first.data.booking.id}/cancel`, a.token)).data.booking.status).toBe('cancelled');
    expect((await api.post(`/v1/spaces/${space.id}/book`, a.token, { startsAt: at(t, monday, 17) })).status).toBe(200);
    // Another week is another allowance.
    expect((await api.post(`/v1/spaces/${space.id}/book`, a.token, { startsAt: at(t, monday + 7, 9) })).status).toBe(200);
  });

  it('refuses times outside the opening hours, off the grid, past, beyond the days ahead and on a closed day – 400, nothing written', async () => {
    const hours = Array.from({ length: 7 }, () => [480, 1260] as [number, number] | null);
    const date = addDays(beijingDate(t.clock.now()), 2);
    hours[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7] = null;
    const space = await newSpace(t, HOME, { hours, daysAhead: 7 });
    const a = await newResident(t);
    const cases: [object, string][] = [
      [{ startsAt: at(t, 1, 7) }, SpaceMsg.outsideHours],
      [{ startsAt: at(t, 1, 20), slots: 2 }, SpaceMsg.outsideHours],
      [{ startsAt: at(t, 1, 10, 30) }, SpaceMsg.offGrid],
      [{ startsAt: at(t, 2, 10) }, SpaceMsg.outsideHours],
      [{ startsAt: at(t, -1, 10) }, SpaceMsg.past],
      [{ startsAt: at(t, 9, 10) }, SpaceMsg.tooFar(7)],
      [{ startsAt: at(t, 1, 10), slots: 9 }, SpaceMsg.slots],
      [{ startsAt: 'tomorrow' }, SpaceMsg.time],
      [{ startsAt: at(t, 1, 10), purpose: '长'.repeat(51) }, SpaceMsg.purposeTooLong],
    ];
    for (const [body, message] of cases) expect(await api.post(`/v1/spaces/${space.id}/book`, a.token, body), JSON.stringify(body)).toMatchObject({ status: 400, message });
    expect(await bookingsOf(space.id)).toBe(0);
    expect(await api.get(`/v1/spaces/${space.id}?date=${addDays(date, 30)}`, a.token)).toMatchObject({ status: 400, message: SpaceMsg.tooFar(7) });
    expect((await api.get(`/v1/spaces/${space.id}?date=${date}`, a.token)).data.slots).toEqual([]);
  });

  it('a space that needs approval: pending holds the slot, staff see it with who (masked mobile), approve or turn down with a reason, the person is told, audited', async () => {
    const space = await newSpace(t, HOME, { needsApproval: true, name: '会议室' });
    const [a, b] = [await newResident(t), await newResident(t)];
    const first = await api.post(`/v1/spaces/${space.id}/book`, a.token, { startsAt: at(t, 1, 9), purpose: '业委会开会，联系13912345678' });
    expect(first.data.booking.status).toBe('pending');
    expect((await api.post(`/v1/spaces/${space.id}/book`, b.token, { startsAt: at(t, 1, 9) })).status).toBe(409);
    const second = await api.post(`/v1/spaces/${space.id}/book`, b.token, { startsAt: at(t, 1, 10) });
    const pending = await api.get(`/v1/manage/spaces/bookings?poiId=${HOME}&pending=1`, manager);
    const row = pending.data.bookings.find((r: { id: string }) => r.id === first.data.booking.id);
    expect(row.person).toEqual({ name: expect.any(String), mobile: `${a.mobile.slice(0, 3)}****${a.mobile.slice(7)}` });
    expect(row.purpose).not.toContain('13912345678');
    expect((await api.get(`/v1/manage/spaces?poiId=${HOME}`, manager)).data.pending).toBeGreaterThanOrEqual(2);
    expect(await api.post('/v1/manage/spaces/bookings/review', manager, { poiId: HOME, id: second.data.booking.id, approve: false })).toMatchObject({ status: 400, message: SpaceMsg.reasonRequired });
    expect((await api.post('/v1/manage/spaces/bookings/review', manager, { poiId: HOME, id: first.data.booking.id, approve: true })).data.booking.status).toBe('approved');
    expect((await api.post('/v1/manage/spaces/bookings/review', manager, { poiId: HOME, id: second.data.booking.id, approve: false, note: '当天保洁' })).data.booking.status).toBe('rejected');
    expect(await api.post('/v1/manage/spaces/bookings/review', manager, { poiId: HOME, id: second.data.booking.id, approve: true })).toMatchObject({ status: 409, message: SpaceMsg.notPending });
    const told = await countOf(t, `select count(*) as n from notifications where kind = 'spaceBooking' and user_id in ('${a.userId}', '${b.userId}')`);
    expect(told).toBe(2);
    expect(await countOf(t, `select count(*) as n from audit_log where action in ('space.booking.approve', 'space.booking.reject') and subject_id in ('${first.data.booking.id}', '${second.data.booking.id}')`)).toBe(2);
    // The rejected slot is free again.
    expect((await api.post(`/v1/spaces/${space.id}/book`, a.token, { startsAt: at(t, 1, 10) })).status).toBe(200);
  });

  it('staff cancel a booking still to come with a reason: the slot is free again, the person is told, audited; other communities may not', async () => {
    const space = await newSpace(t, HOME);
    const a = await newResident(t);
    const booked = await api.post(`/v1/spaces/${space.id}/book`, a.token, { startsAt: at(t, 4, 10) });
    const id = booked.data.booking.id as string;
    expect(await api.post('/v1/manage/spaces/bookings/cancel', manager, { poiId: HOME, id, note: '' })).toMatchObject({ status: 400, message: SpaceMsg.cancelReason });
    expect((await api.post('/v1/manage/spaces/bookings/cancel', await staffOf(t, OTHER, 1), { poiId: OTHER, id, note: '水管维修' })).status).toBe(404);
    expect((await api.post('/v1/manage/spaces/bookings/cancel', await staffOf(t, OTHER, 1), { poiId: HOME, id, note: '水管维修' })).status).toBe(403);
    expect((await api.post('/v1/manage/spaces/bookings/cancel', a.token, { poiId: HOME, id, note: '水管维修' })).status).toBe(403);
    expect(await countOf(t, `select count(*) as n from space_bookings where id = '${id}' and status = 'approved'`)).toBe(1);

    const cancelled = await api.post('/v1/manage/spaces/bookings/cancel', manager, { poiId: HOME, id, note: '活动室水管维修' });
    expect(cancelled.status, cancelled.message).toBe(200);
    expect(cancelled.data.booking).toMatchObject({ status: 'cancelled', reviewNote: '活动室水管维修' });
    expect(await countOf(t, `select count(*) as n from notifications where kind = 'spaceBooking' and user_id = '${a.userId}' and body like '%活动室水管维修%'`)).toBe(1);
    expect(await countOf(t, `select count(*) as n from audit_log where action = 'space.booking.cancel' and subject_id = '${id}'`)).toBe(1);
    expect(await api.post('/v1/manage/spaces/bookings/cancel', manager, { poiId: HOME, id, note: '再取消' })).toMatchObject({ status: 409, message: SpaceMsg.notCancellable });
    const other = await newResident(t);
    expect((await api.post(`/v1/spaces/${space.id}/book`, other.token, { startsAt: at(t, 4, 10) })).status).toBe(200);
  });

  it('cancels only one’s own booking before it starts; the slot is free again', async () => {
    const space = await newSpace(t, HOME);
    const [a, b] = [await newResident(t), await newResident(t)];
    const booked = await api.post(`/v1/spaces/${space.id}/book`, a.token, { startsAt: at(t, 1, 16) });
    expect(await api.post(`/v1/spaces/bookings/${booked.data.booking.id}/cancel`, b.token)).toMatchObject({ status: 403, message: SpaceMsg.notYours });
    expect((await api.get(`/v1/spaces/bookings/mine?poiId=${HOME}`, a.token)).data.bookings.map((x: { id: string }) => x.id)).toContain(booked.data.booking.id);
    expect((await api.post(`/v1/spaces/bookings/${booked.data.booking.id}/cancel`, a.token)).status).toBe(200);
    expect(await api.post(`/v1/spaces/bookings/${booked.data.booking.id}/cancel`, a.token)).toMatchObject({ status: 409, message: SpaceMsg.notCancellable });
    expect((await api.post(`/v1/spaces/${space.id}/book`, b.token, { startsAt: at(t, 1, 16) })).status).toBe(200);
  });

  it('only residents book (a person who only joined may not); other communities get 403 on every endpoint', async () => {
    const space = await newSpace(t, HOME);
    const joiner = await newJoiner(t);
    const outsider = await newResident(t, OTHER);
    const otherStaff = await staffOf(t, OTHER, 1);
    for (const token of [joiner.token, outsider.token, otherStaff]) {
      expect((await api.get(`/v1/spaces?poiId=${HOME}`, token)).status).toBe(403);
      expect((await api.get(`/v1/spaces/${space.id}`, token)).status).toBe(403);
      expect((await api.get(`/v1/spaces/bookings/mine?poiId=${HOME}`, token)).status).toBe(403);
      expect((await api.post(`/v1/spaces/${space.id}/book`, token, { startsAt: at(t, 1, 18) })).status).toBe(403);
    }
    for (const token of [outsider.token, otherStaff]) {
      expect((await api.get(`/v1/manage/spaces?poiId=${HOME}`, token)).status).toBe(403);
      expect((await api.get(`/v1/manage/spaces/bookings?poiId=${HOME}`, token)).status).toBe(403);
      expect((await api.post('/v1/manage/spaces/save', token, { poiId: HOME, id: space.id, name: '改名', hours: space.hours, slotMinutes: 60 })).status).toBe(403);
    }
    expect(await bookingsOf(space.id)).toBe(0);
  });
});

describe('staff manage spaces (/areamanage)', () => {
  const week = Array.from({ length: 7 }, () => [540, 1080]);

  it('creates and edits a space (managers); duty staff may not; bad settings are 400 with nothing written', async () => {
    const created = await api.post('/v1/manage/spaces/save', manager, { poiId: HOME, name: '羽毛球场', rules: '请穿运动鞋', hours: week, slotMinutes: 90, weeklyMinutes: 180, needsApproval: true });
    expect(created.status, created.message).toBe(200);
    expect(created.data.space).toMatchObject({ name: '羽毛球场', slotMinutes: 90, weeklyMinutes: 180, needsApproval: true, daysAhead: 14, active: true });
    const edited = await api.post('/v1/manage/spaces/save', manager, { poiId: HOME, id: created.data.space.id, name: '羽毛球场', hours: week, slotMinutes: 60, active: false });
    expect(edited.data.space).toMatchObject({ slotMinutes: 60, active: false, needsApproval: false });
    const resident = await newResident(t);
    expect((await api.get(`/v1/spaces?poiId=${HOME}`, resident.token)).data.spaces.map((s: { id: string }) => s.id)).not.toContain(created.data.space.id);
    expect((await api.get(`/v1/spaces/${created.data.space.id}`, resident.token)).status).toBe(404);
    const duty = await staffOf(t, HOME, 2);
    expect(await api.post('/v1/manage/spaces/save', duty, { poiId: HOME, name: '值班室', hours: week, slotMinutes: 60 })).toMatchObject({ status: 403, message: SpaceMsg.notStaff });
    expect((await api.get(`/v1/manage/spaces/bookings?poiId=${HOME}`, duty)).status).toBe(200);
    const before = await countOf(t, `select count(*) as n from spaces`);
    const bad: [object, string][] = [
      [{ name: '', hours: week, slotMinutes: 60 }, SpaceMsg.nameRequired],
      [{ name: '活'.repeat(21), hours: week, slotMinutes: 60 }, SpaceMsg.nameTooLong],
      [{ name: '室', hours: week.slice(0, 6), slotMinutes: 60 }, SpaceMsg.hours],
      [{ name: '室', hours: [[600, 540], ...week.slice(1)], slotMinutes: 60 }, SpaceMsg.hours],
      [{ name: '室', hours: [[545, 600], ...week.slice(1)], slotMinutes: 60 }, SpaceMsg.hours],
      [{ name: '室', hours: week, slotMinutes: 45 }, SpaceMsg.slotMinutes],
      [{ name: '室', hours: week, slotMinutes: 60, weeklyMinutes: 10 }, SpaceMsg.weeklyMinutes],
      [{ name: '室', hours: week, slotMinutes: 60, daysAhead: 0 }, SpaceMsg.daysAhead],
    ];
    for (const [body, message] of bad) expect(await api.post('/v1/manage/spaces/save', manager, { poiId: HOME, ...body }), JSON.stringify(body)).toMatchObject({ status: 400, message });
    expect(await countOf(t, `select count(*) as n from spaces`)).toBe(before);
  });
});
