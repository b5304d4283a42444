import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventMsg } from '@sq/contract/events/event-rules';
import { XLSX_TYPE } from '@sq/contract/manage/export';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../src/db/schema';
import { beijingCell } from '../../src/lib/xlsx/cells';
import { staffOf } from '../support/factories';
import { readXlsx } from '../support/read-xlsx';
import { createTestApp, type TestApp } from '../support/test-app';
import { countsOf, eventApi, HOME, HOUR, loginAs, newEvent, newResident, OTHER, signupsOf } from './signups-helpers';

let t: TestApp;
let api: ReturnType<typeof eventApi>;
let duty: string;
let manager: string;
let otherManager: string;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  api = eventApi(t);
  duty = await loginAs(t, '13800000003');
  manager = await loginAs(t, '13800000002');
  otherManager = await staffOf(t, OTHER, 1);
});
afterAll(() => t.close());

const download = (id: string, token: string, query = '') => t.app.inject({ method: 'GET', url: `/v1/manage/events/${id}/signups?export=1${query}`, headers: { token } });
const exportsOf = (id: string) => t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'eventSignups.export'), eq(auditLog.subjectId, id)));

/** An event with a confirmed sign-up (mobile 13912340001, a child) and one waiting. */
async function fullEvent() {
  const id = await newEvent(t, { capacity: 2, needsPhone: true, title: '消防演练' });
  const [a, b] = [await newResident(t), await newResident(t)];
  await api.post(`/v1/events/${id}/signup`, a.token, { companions: 1, mobile: '13912340001', note: '孩子 6 岁' });
  t.clock.advance(1000);
  await api.post(`/v1/events/${id}/signup`, b.token, { mobile: '13912340002' });
  return id;
}

describe('the sign-up list (staff)', () => {
  it('shows screen names, masked mobiles, counts and waiting positions to the community’s staff', async () => {
    const id = await fullEvent();
    const res = await api.get(`/v1/manage/events/${id}/signups`, duty);
    expect(res.status).toBe(200);
    expect(res.data.counts).toEqual({ confirmed: 2, waiting: 1, cancelled: 0, attended: 0 });
    expect(res.data.signups).toMatchObject([
      { mobile: '139****0001', companions: 1, note: '孩子 6 岁', status: 'confirmed', waitingPosition: null, walkIn: false },
      { mobile: '139****0002', companions: 0, status: 'waiting', waitingPosition: 1 },
    ]);
    expect(res.data.signups[0].name).not.toBe('');
    expect((await api.get(`/v1/manage/events/${id}/signups?status=waiting`, duty)).data.signups).toHaveLength(1);
  });

  it('refuses residents and staff of another community', async () => {
    const id = await fullEvent();
    expect((await api.get(`/v1/manage/events/${id}/signups`, (await newResident(t)).token)).status).toBe(403);
    expect((await api.get(`/v1/manage/events/${id}/signups`, otherManager)).status).toBe(403);
    expect((await download(id, otherManager)).statusCode).toBe(403);
    expect(await api.post(`/v1/manage/events/${id}/walkin`, otherManager, { name: '张阿姨' })).toMatchObject({ status: 403 });
    expect(await signupsOf(t, id)).toHaveLength(2);
    expect(await exportsOf(id)).toHaveLength(0);
  });

  it('exports .xlsx masked for duty staff (whole refused), whole for managers; every export audited', async () => {
    const id = await fullEvent();
    const masked = await download(id, duty);
    expect(masked.statusCode).toBe(200);
    expect(masked.headers['content-type']).toContain(XLSX_TYPE);
    const sheet = await readXlsx(masked.rawPayload);
    expect(sheet.rows[0]).toEqual(['姓名', '手机号', '同行人数', '备注', '状态', '候补位置', '报名时间', '签到时间', '签到方式']);
    expect(sheet.rows[1]!.slice(1, 5)).toEqual(['139****0001', 1, '孩子 6 岁', '已报名']);
    expect(sheet.rows[2]!.slice(1, 6)).toEqual(['139****0002', 0, null, '候补中', 1]);
    // Beijing wall-clock time.
    const [first] = await signupsOf(t, id).then((rows) => rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()));
    expect(sheet.rows[1]![6]).toEqual(beijingCell(first!.createdAt));
    expect(masked.rawPayload.toString('latin1')).not.toContain('13912340001');
    expect((await download(id, duty, '&whole=1')).statusCode).toBe(403);
    const whole = await download(id, manager, '&whole=1');
    expect((await readXlsx(whole.rawPayload)).rows[1]![1]).toBe('13912340001');
    const audited = await exportsOf(id);
    expect(audited.map((a) => a.detail)).toEqual(expect.arrayContaining([expect.objectContaining({ whole: false }), expect.objectContaining({ whole: true })]));
    expect(audited).toHaveLength(2);
    expect(audited.every((a) => a.poiId === HOME && a.rows === 2)).toBe(true);
  });
});

describe('walk-ins at the door', () => {
  it('records a late sign-up: no account, confirmed, checked in via walkIn, attended += 1 + companions, even when full', async () => {
    const id = await fullEvent();
    // Ten minutes into the event (whatever the hour: 71 hours on was the day before in Beijing
    // when the test ran just after midnight there).
    t.clock.advance(72 * HOUR + 10 * 60_000);
    const res = await api.post(`/v1/manage/events/${id}/walkin`, duty, { name: '张阿姨', companions: 1 });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ attended: 2, signup: { name: '张阿姨', companions: 1, status: 'confirmed', walkIn: true, via: 'walkIn', mobile: '' } });
    expect(res.data.signup.checkedInAt).toBe(Math.floor(t.clock.now().getTime() / 1000));
    const row = (await signupsOf(t, id)).find((s) => s.walkInName === '张阿姨')!;
    expect(row).toMatchObject({ userId: null, status: 'confirmed', checkinVia: 'walkIn', seats: 2 });
    expect(await countsOf(t, id)).toEqual({ confirmed: 2, waiting: 1, attended: 2 });
    t.clock.advance(-(72 * HOUR + 10 * 60_000));
  });

  it('refuses a walk-in without a name, or before the event’s day, writing nothing', async () => {
    const id = await fullEvent();
    expect(await api.post(`/v1/manage/events/${id}/walkin`, duty, { name: ' ' })).toMatchObject({ status: 400, message: EventMsg.walkInName });
    expect(await api.post(`/v1/manage/events/${id}/walkin`, duty, { name: '张阿姨', companions: 9 })).toMatchObject({ status: 400, message: EventMsg.companions });
    expect(await api.post(`/v1/manage/events/${id}/walkin`, duty, { name: '张阿姨' })).toMatchObject({ status: 400, message: EventMsg.checkinNotOpen });
    expect(await signupsOf(t, id)).toHaveLength(2);
    expect((await countsOf(t, id)).attended).toBe(0);
  });
});

describe('other communities', () => {
  it('refuses sign-up and cancel on a residents’ event to people of another community (403), writing nothing', async () => {
    const id = await fullEvent();
    const stranger = await newResident(t, OTHER);
    expect((await api.post(`/v1/events/${id}/signup`, stranger.token, { mobile: '13912340009' })).status).toBe(403);
    expect((await api.post(`/v1/events/${id}/signup/cancel`, stranger.token)).status).toBe(403);
    expect(await signupsOf(t, id)).toHaveLength(2);
  });
});
