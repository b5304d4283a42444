import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryLogs } from '../../src/db/schema';
import { poster } from '../support/factories';
import { readXlsx } from '../support/read-xlsx';
import { tableDump } from '../support/table-dump';
import { createTestApp, type TestApp } from '../support/test-app';

const HOME = 'DEMO000001';
const OTHER = 'DEMO000002';
let t: TestApp;
let post: ReturnType<typeof poster>;
let manager: string;

/** A log line at a Beijing wall-clock time (days long past, so the seed's lines are not among them). */
const line = (poiId: string, name: string, beijing: string) => ({
  poiId,
  name,
  mobileEnc: t.pii.encrypt('13900000000'),
  mobileMasked: '139****0000',
  owner: '业主',
  direction: 1,
  createdAt: new Date(`${beijing}+08:00`),
});

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  post = poster(t);
  manager = await t.login('13800000002');
  await t.database.db.insert(entryLogs).values([
    line(HOME, '前一天深夜', '2020-03-01T23:59:30'),
    line(HOME, '当天零点', '2020-03-02T00:00:00'),
    line(HOME, '当天深夜', '2020-03-02T23:59:59'),
    line(HOME, '后一天清晨', '2020-03-03T06:00:00'),
    line(OTHER, '别的小区', '2020-03-02T12:00:00'),
  ]);
});
afterAll(() => t.close());

const names = async (body: Record<string, unknown>) =>
  ((await post('/v1/userCard/userLog', manager, { poiId: HOME, ...body })).body.data.logs as { name: string }[]).map((l) => l.name);

describe('出入记录 by date', () => {
  it('keeps the Beijing days from and to (both inclusive), only this community’s lines', async () => {
    expect(await names({ from: '2020-03-02', to: '2020-03-02' })).toEqual(['当天深夜', '当天零点']);
    expect(await names({ from: '2020-03-02', to: '2020-03-03' })).toEqual(['后一天清晨', '当天深夜', '当天零点']);
    expect(await names({ to: '2020-03-01' })).toEqual(['前一天深夜']);
    // An empty field (as a form sends it) is no bound.
    expect((await names({ from: '', to: '' })).length).toBeGreaterThanOrEqual(4);
  });

  it('refuses a bad day or a range the wrong way round with a Chinese message, writing nothing', async () => {
    const before = await tableDump(t.database.db, ['entry_logs', 'audit_log']);
    expect((await post('/v1/userCard/userLog', manager, { poiId: HOME, from: '2020-02-30' })).body).toEqual({ code: 400, message: '开始日期不正确', data: null });
    expect((await post('/v1/userCard/userLog', manager, { poiId: HOME, to: '3月2日' })).body).toEqual({ code: 400, message: '结束日期不正确', data: null });
    expect((await post('/v1/userCard/userLog', manager, { poiId: HOME, from: '2020-03-03', to: '2020-03-02' })).body).toEqual({ code: 400, message: '开始日期不能晚于结束日期', data: null });
    expect(await tableDump(t.database.db, ['entry_logs', 'audit_log'])).toEqual(before);
  });

  it('exports the same days', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/userCard/userLog?export=1',
      payload: new URLSearchParams({ token: manager, poiId: HOME, from: '2020-03-02', to: '2020-03-02' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    const { rows } = await readXlsx(res.rawPayload);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['当天深夜', '当天零点']);
  });
});
