import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beijingDate } from '@sq/contract/beijing-time';
import { CODE_STEP_SECONDS } from '@sq/contract/pass/code-steps';
import { freshMobile, idCard, poster, staffOf } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

const HOME = 'DEMO000001';
const OTHER = 'DEMO000002'; // also administered by the demo administrator
let t: TestApp;
let post: ReturnType<typeof poster>;
let manager: string;
let duty: string;
let resident: string;

/**
 * A pass code of the demo resident, scanned by duty staff: one log line. A use spends that
 * direction's codes for three steps, so the clock moves past them first.
 */
async function scan(direction: 1 | 2) {
  t.clock.advance(3 * CODE_STEP_SECONDS * 1000);
  const my = await t.app.inject({ method: 'GET', url: `/v1/userCard/my?poiId=${HOME}&pass=${direction}`, headers: { token: resident } });
  const res = await post('/v1/userCard/userInfo', duty, { poiId: HOME, code: my.json().data.userCard.code });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  post = poster(t);
  [manager, duty, resident] = [await t.login('13800000002'), await t.login('13800000003'), await t.login('13800000004')];
});
afterAll(() => t.close());

describe('统计概览 (dashboard)', () => {
  it('counts what the lists show: today by hour, the last 30 days, registrations by status, the longest waiting', async () => {
    // 02:30 Beijing time today: hour 2.
    const today = beijingDate(t.clock.now());
    t.clock.advance(Date.parse(`${today}T02:30:00+08:00`) - t.clock.now().getTime());
    // In, out and in again (a pass cannot enter twice without leaving in between).
    await scan(1);
    await scan(2);
    await scan(1);
    for (const name of ['等待一', '等待二']) {
      const mobile = freshMobile();
      const tk = await t.login(mobile);
      expect((await post('/v1/userCard', tk, { poiId: HOME, name, mobile, card: idCard(), owner: '业主', address: '5号楼', isReturn: 0 })).status).toBe(200);
      t.clock.advance(60_000);
    }

    const board = (await post('/v1/manage/dashboard', manager, { poiId: HOME })).body.data;
    expect(board.today).toBe(today);
    expect(board.communities.map((c: { poiId: string }) => c.poiId)).toEqual([HOME]);
    expect(board.hours).toHaveLength(24);
    expect(board.hours[2]).toEqual({ hour: 2, entries: 2, exits: 1 });
    expect(board.days).toHaveLength(30);
    expect(board.days.at(-1)).toEqual({ date: today, entries: 2, exits: 1 });

    // The same numbers as the lists: 出入记录 and the tabs of 登记记录.
    const logs = (await post('/v1/userCard/userLog', manager, { poiId: HOME })).body.data.logs as { pass: number }[];
    const total = board.days.reduce((n: number, d: { entries: number; exits: number }) => n + d.entries + d.exits, 0);
    expect(total).toBe(logs.length);
    expect(board.days.reduce((n: number, d: { entries: number }) => n + d.entries, 0)).toBe(logs.filter((l) => l.pass === 1).length);
    const list = (await post('/v1/userCard/list', manager, { poiId: HOME })).body.data;
    expect(board.registrations).toEqual({ pending: list.status_0, approved: list.status_1, returned: list.status_2 });
    // Longest waiting first.
    const names = board.waiting.map((w: { name: string }) => w.name);
    expect(names.indexOf('等待一')).toBeLessThan(names.indexOf('等待二'));
    expect(board.waiting.length).toBe(Math.min(10, list.status_0));
  });

  it('moves yesterday out of the hours at Beijing midnight, not UTC midnight', async () => {
    const before = (await post('/v1/manage/dashboard', manager, { poiId: HOME })).body.data;
    const today = before.today;
    // 23:30 Beijing is 15:30 UTC: still the same Beijing day until 00:00 Beijing.
    t.clock.advance(Date.parse(`${today}T23:30:00+08:00`) - t.clock.now().getTime());
    await scan(2);
    const late = (await post('/v1/manage/dashboard', manager, { poiId: HOME })).body.data;
    expect(late.hours[23].exits).toBe(1);
    t.clock.advance(60 * 60_000); // 00:30 the next day
    const next = (await post('/v1/manage/dashboard', manager, { poiId: HOME })).body.data;
    expect(next.today).not.toBe(today);
    expect(next.hours.every((h: { entries: number; exits: number }) => h.entries + h.exits === 0)).toBe(true);
    expect(next.days.at(-2)).toEqual({ date: today, entries: 2, exits: 2 });
  });

  it('adds up every community of an administrator when no community is named', async () => {
    const admin = await t.login('13800000001');
    const all = (await post('/v1/manage/dashboard', admin, {})).body.data;
    expect(all.communities.map((c: { poiId: string }) => c.poiId).sort()).toEqual([HOME, OTHER].sort());
    const home = (await post('/v1/manage/dashboard', admin, { poiId: HOME })).body.data;
    const other = (await post('/v1/manage/dashboard', admin, { poiId: OTHER })).body.data;
    expect(all.registrations.pending).toBe(home.registrations.pending + other.registrations.pending);
  });

  it('refuses duty staff, other communities, people without communities and bad input', async () => {
    expect((await post('/v1/manage/dashboard', duty, { poiId: HOME })).body).toMatchObject({ code: 403, message: '仅社区管理员和社区经理可查看统计' });
    const elsewhere = await staffOf(t, OTHER, 1);
    expect((await post('/v1/manage/dashboard', elsewhere, { poiId: HOME })).status).toBe(403);
    expect((await post('/v1/manage/dashboard', manager, {})).body).toMatchObject({ code: 403, message: '您还没有管理的社区' });
    expect((await post('/v1/manage/dashboard', resident, { poiId: HOME })).status).toBe(403);
    expect((await post('/v1/manage/dashboard', manager, { poiId: 'NOPE' })).status).toBe(404);
    const bad = await post('/v1/manage/dashboard', manager, { poiId: 'x'.repeat(500) });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/[\u4e00-\u9fa5]/);
    for (const poiId of [123, 'DEMO\u0000001', ['DEMO000001']]) {
      const wrong = await post('/v1/manage/dashboard', manager, { poiId });
      expect(wrong.status, JSON.stringify(poiId)).toBe(400);
      expect(wrong.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await post('/v1/manage/dashboard', null, { poiId: HOME })).status).toBe(423);
  });
});
