import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUP_MOBILE_KEEP_DAYS } from '@sq/contract/events/event-rules';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { notifications } from '../../src/db/schema';
import { createAuditRepo } from '../../src/modules/audit/repo';
import { createRetentionRepo } from '../../src/modules/retention/repo';
import { runRetention } from '../../src/modules/retention/service';
import { createTestApp, type TestApp } from '../support/test-app';
import { countsOf, DAY, eventApi, HOUR, newEvent, newResident, signupsOf } from './signups-helpers';

let t: TestApp;
let api: ReturnType<typeof eventApi>;
/** A second process on the same database, its reminders job running too (the cluster's other node). */
let second: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { EVENT_REMINDERS_EVERY_MS: '20' } });
  api = eventApi(t);
  second = await buildApp({ config: t.config, database: t.database, pii: t.pii, sms: t.sms, now: t.clock.now, logStream: new Writable({ write: (_c, _e, done) => done() }) });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const remindersOf = (userIds: string[]) =>
  t.database.db
    .select({ userId: notifications.userId, title: notifications.title, body: notifications.body })
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), eq(notifications.kind, 'eventReminder')));
/** Waits until `n` reminders exist for these people, then a few passes more (to see none come twice). */
async function settle(userIds: string[], n: number) {
  for (let i = 0; i < 150 && (await remindersOf(userIds)).length < n; i++) await sleep(20);
  await sleep(200);
  return remindersOf(userIds);
}

describe('reminders a day and an hour before', () => {
  it('reminds confirmed sign-ups once a day and once an hour before, on two processes at once; never the waiting', async () => {
    const start = t.clock.now().getTime() + 30 * HOUR;
    const id = await newEvent(t, { capacity: 1, title: '健康义诊', startsAt: new Date(start), endsAt: new Date(start + 2 * HOUR), signupClosesAt: new Date(start - HOUR), cancelUntil: new Date(start - 2 * HOUR) });
    const [a, b] = [await newResident(t), await newResident(t)];
    await api.post(`/v1/events/${id}/signup`, a.token);
    await api.post(`/v1/events/${id}/signup`, b.token);
    await sleep(150);
    expect(await remindersOf([a.userId, b.userId])).toHaveLength(0);
    t.clock.advance(7 * HOUR); // 23 hours to go
    const day = await settle([a.userId, b.userId], 1);
    expect(day).toHaveLength(1);
    expect(day[0]).toMatchObject({ userId: a.userId, title: '活动即将开始' });
    expect(day[0]!.body).toContain('健康义诊');
    t.clock.advance(22 * HOUR + 10 * 60_000); // 50 minutes to go
    expect(await settle([a.userId, b.userId], 2)).toHaveLength(2);
    expect((await signupsOf(t, id)).find((s) => s.userId === a.userId)).toMatchObject({ remindedDay: true, remindedHour: true });
  });

  it('sends no day reminder to a sign-up made within the hour before the start, only the hour’s', async () => {
    const start = t.clock.now().getTime() + 40 * 60_000;
    const id = await newEvent(t, { startsAt: new Date(start), endsAt: new Date(start + HOUR), signupClosesAt: new Date(start), cancelUntil: new Date(start - HOUR) });
    const p = await newResident(t);
    await api.post(`/v1/events/${id}/signup`, p.token);
    expect(await settle([p.userId], 1)).toHaveLength(1);
    expect((await signupsOf(t, id))[0]).toMatchObject({ remindedDay: true, remindedHour: true });
  });
});

describe('the person’s data rights', () => {
  it('puts the sign-ups, with the whole mobile, in the person’s copy', async () => {
    const id = await newEvent(t, { needsPhone: true, title: '垃圾分类讲座' });
    const p = await newResident(t);
    await api.post(`/v1/events/${id}/signup`, p.token, { mobile: '13912349999', note: '带老人' });
    const res = await t.app.inject({ method: 'POST', url: '/v1/mydata/export?format=json', payload: { token: p.token } });
    expect(res.statusCode).toBe(200);
    const copy = JSON.parse(res.body) as { 活动报名: Record<string, string>[] };
    expect(copy.活动报名).toEqual([expect.objectContaining({ 活动: '垃圾分类讲座', 状态: '已报名', 手机号: '13912349999', 备注: '带老人', 同行人数: '0' })]);
  });

  it('deletes an erased account’s sign-ups; its place goes to the first waiting, who is told', async () => {
    const id = await newEvent(t, { capacity: 1 });
    const [a, b] = [await newResident(t), await newResident(t)];
    await api.post(`/v1/events/${id}/signup`, a.token);
    await api.post(`/v1/events/${id}/signup`, b.token);
    expect((await api.post('/v1/mydata/deleteAccount', a.token, { confirm: '注销' })).status).toBe(200);
    const rows = await signupsOf(t, id);
    expect(rows.map((r) => [r.userId, r.status])).toEqual([[b.userId, 'confirmed']]);
    expect(await countsOf(t, id)).toMatchObject({ confirmed: 1, waiting: 0 });
    const told = await t.database.db.select().from(notifications).where(and(eq(notifications.userId, b.userId), eq(notifications.kind, 'eventPromoted')));
    expect(told).toHaveLength(1);
  });

  it(`deletes sign-ups' mobiles ${SIGNUP_MOBILE_KEEP_DAYS} days after their event ended, not before`, async () => {
    const now = t.clock.now().getTime();
    const id = await newEvent(t, { needsPhone: true });
    const p = await newResident(t);
    await api.post(`/v1/events/${id}/signup`, p.token, { mobile: '13912348888' });
    const ends = now + 74 * HOUR;
    const run = () => runRetention({ repo: createRetentionRepo(t.database.db), audit: createAuditRepo(t.database.db) }, t.clock.now());
    t.clock.advance(ends - now + (SIGNUP_MOBILE_KEEP_DAYS - 1) * DAY);
    await run();
    expect((await signupsOf(t, id))[0]!.mobileEnc).not.toBeNull();
    t.clock.advance(2 * DAY);
    expect((await run())!.eventMobiles).toBeGreaterThanOrEqual(1);
    expect((await signupsOf(t, id))[0]).toMatchObject({ mobileEnc: null, status: 'confirmed' });
  });
});
