import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beijingDate } from '@sq/contract/beijing-time';
import { registrations } from '../../src/db/schema';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/test-app';
import { readXlsx } from '../support/read-xlsx';
import { api, loginAs } from '../polls/poll-helpers';
import { newCommunity } from '../polls/owners-helpers';

const HOME = 'DEMO000001';
let t: TestApp;
let admin: string;
let manager: string;
let duty: string;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  [admin, manager, duty] = (await Promise.all(['13800000001', '13800000002', '13800000003'].map((m) => loginAs(t, m)))) as [string, string, string];
  const [resident] = await t.database.db.select({ id: registrations.id }).from(registrations).where(eq(registrations.mobileHash, t.pii.hash('13800000004')));
  // The manager opens the resident's whole record; duty staff export the log.
  expect((await api(t).post('/v1/userCard/userInfo', { poiId: HOME, _id: resident!.id }, manager)).statusCode).toBe(200);
  const exported = await t.app.inject({ method: 'POST', url: '/v1/userCard/userLog?export=1', payload: { token: duty, poiId: HOME } });
  expect(exported.statusCode).toBe(200);
});
afterAll(() => t.close());

const log = (body: object, token = admin) => api(t).post('/v1/manage/auditLog', { poiId: HOME, ...body }, token);

describe('操作日志', () => {
  it('shows an administrator who saw whose whole record and who exported, newest first', async () => {
    const res = await log({});
    expect(res.statusCode).toBe(200);
    const { entries, more } = res.json().data;
    expect(more).toBe(false);
    expect(entries.map((e: { actor: string; action: string; subject: string | null; whole: boolean | null }) => [e.actor, e.action, e.subject, e.whole])).toEqual([
      ['赵师傅 138****0003', '导出出入记录', null, false],
      ['李秀英 138****0002', '查看登记完整信息', '陈明 138****0004', null],
      // The demo 团长's approval three days ago (seed/demo-groupbuys.ts) and the demo shop's, nine days ago
      // (seed/demo-merchants.ts): every staff action has its words.
      ['张建国 138****0001', '团长审核通过', null, null],
      ['张建国 138****0001', '商家审核通过', null, null],
    ]);
    // Nothing in the answer is a whole mobile.
    expect(res.body).not.toMatch(/1380000000\d/);
  });

  it('filters by a person (as the one acting or the one seen) and by Beijing dates', async () => {
    const subject = (await log({ mobile: '13800000004' })).json().data.entries;
    expect(subject.map((e: { action: string }) => e.action)).toEqual(['查看登记完整信息']);
    const actor = (await log({ mobile: '13800000003' })).json().data.entries;
    expect(actor.map((e: { action: string }) => e.action)).toEqual(['导出出入记录']);
    expect((await log({ mobile: '13900000999' })).json().data.entries).toEqual([]);
    const today = beijingDate(t.clock.now());
    expect((await log({ from: today, to: today })).json().data.entries).toHaveLength(2);
    expect((await log({ to: '2020-01-01' })).json().data.entries).toEqual([]);
  });

  it('answers bad filters with a message', async () => {
    expect((await log({ mobile: '12345' })).json()).toEqual({ code: 400, message: '请输入正确的手机号', data: null });
    expect((await log({ from: '2026/01/01' })).json()).toEqual({ code: 400, message: '日期格式不正确', data: null });
    expect((await log({ from: '2026-02-01', to: '2026-01-01' })).json()).toEqual({ code: 400, message: '开始日期不能晚于结束日期', data: null });
  });

  it('is for the community’s administrators only', async () => {
    expect((await log({}, manager)).json()).toEqual({ code: 403, message: '只有社区管理员可以查看操作日志', data: null });
    expect((await log({}, duty)).statusCode).toBe(403);
    const other = await newCommunity(t);
    expect((await log({}, other.manager)).statusCode).toBe(403);
    expect((await api(t).post('/v1/manage/auditLog', { poiId: HOME })).statusCode).toBe(423);
  });

  it('exports the entries as .xlsx, and the export is logged too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/manage/auditLog?export=1',
      payload: `token=${encodeURIComponent(admin)}&poiId=${HOME}&mobile=13800000002`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    const { sheetName, rows } = await readXlsx(res.rawPayload);
    expect(sheetName).toBe('操作日志');
    expect(rows[0]).toEqual(['时间', '操作人', '操作', '涉及人员', '条数', '完整号码']);
    expect(rows.slice(1).map((r) => r.slice(1, 5))).toEqual([['李秀英 138****0002', '查看登记完整信息', '陈明 138****0004', 1]]);
    expect(beijingDate(new Date((rows[1]![0] as Date).getTime() - 8 * 3600_000))).toBe(beijingDate(t.clock.now()));
    const after = (await log({ mobile: '13800000001' })).json().data.entries;
    expect(after.map((e: { action: string; rows: number }) => [e.action, e.rows])).toEqual([
      ['导出操作日志', 1],
      ['团长审核通过', null],
      ['商家审核通过', null],
    ]);
  });
});
