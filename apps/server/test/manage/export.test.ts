import { codeStepAt } from '@sq/contract/pass/code-steps';
import { signedPassCodeAt } from '@sq/contract/pass/signed-code';
import { residentPhoneKey } from '../support/phone-keys';
import { desc } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, beijingDate } from '@sq/contract/beijing-time';
import { auditLog } from '../../src/db/schema';
import { freshMobile, idCard, poster, staffOf } from '../support/factories';
import { readXlsx } from '../support/read-xlsx';
import { createTestApp, type TestApp } from '../support/test-app';

const HOME = 'DEMO000001';
let t: TestApp;
let manager: string;
let duty: string;
const imported = { mobile: freshMobile(), card: idCard() };
const tenantEnd = addDays(beijingDate(new Date()), 100);

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  [manager, duty] = [await t.login('13800000002'), await t.login('13800000003')];
  const res = await poster(t)('/v1/userCard', manager, { poiId: HOME, name: '导出测试', mobile: imported.mobile, card: imported.card, owner: '租户', address: '7号楼', expire_time: tenantEnd, isReturn: 0, import: 1 });
  expect(res.status).toBe(200);
});
afterAll(() => t.close());

/**
 * Holds the registrations table still, so exports that reach it wait there (and keep their
 * places); `waiting` counts the statements waiting on it.
 */
async function holdRegistrations() {
  const lock = new pg.Client({ connectionString: t.database.url });
  await lock.connect();
  await lock.query('begin');
  await lock.query('lock table registrations in access exclusive mode');
  // Inside a transaction pg_stat_activity is read once; each look takes a fresh snapshot.
  const waiting = async () => {
    await lock.query('select pg_stat_clear_snapshot()');
    const { rows } = await lock.query("select count(*) from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()");
    return Number(rows[0].count);
  };
  return { lock, waiting };
}

/** The export as the page sends it: a form post with the token among the fields. */
const exportForm = (path: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `${path}?export=1`,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describe('exports', () => {
  it('answers the registrations as an .xlsx with Chinese headers, masked by default, and audits it', async () => {
    const res = await exportForm('/v1/userCard/list', { token: duty, poiId: HOME });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toMatch(/望京花园西区-登记记录-\d{8}\.xlsx$/);
    const { sheetName, rows } = await readXlsx(res.rawPayload);
    expect(sheetName).toBe('登记记录');
    expect(rows[0]!.slice(0, 6)).toEqual(['姓名', '手机号', '证件类型', '证件号码', '国籍', '身份']);
    expect(rows).toHaveLength(1 + 3);
    const row = rows.find((r) => r[0] === '导出测试')!;
    expect(row.slice(1, 9)).toEqual([
      `${imported.mobile.slice(0, 3)}****${imported.mobile.slice(7)}`,
      '居民身份证',
      `${imported.card.slice(0, 6)}********${imported.card.slice(14)}`,
      null,
      '租户',
      '7号楼',
      null,
      // Dates are date cells (Excel's date filters work on them), not text.
      new Date(`${tenantEnd}T00:00:00Z`),
    ]);
    expect(res.rawPayload.toString('latin1')).not.toContain(imported.mobile);
    // A visitor's pass end is not a tenancy: its own column, and 租赁截止日期 stays empty.
    const [tenancy, visitorEnd] = ['租赁截止日期', '访客有效期至'].map((h) => rows[0]!.indexOf(h));
    const visitor = rows.find((r) => r[5] === '访客')!;
    expect(visitor[tenancy!] ?? null).toBeNull();
    expect(visitor[visitorEnd!]).toBeInstanceOf(Date);
    expect(row[visitorEnd!] ?? null).toBeNull();

    const [entry] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: 'registration.export', poiId: HOME, rows: 3, detail: { whole: false, status: null, searched: false } });
  });

  it('gives whole values to managers who ask, and refuses duty staff who ask', async () => {
    const whole = await readXlsx((await exportForm('/v1/userCard/list', { token: manager, poiId: HOME, whole: '1' })).rawPayload);
    expect(whole.rows.find((r) => r[0] === '导出测试')!.slice(1, 4).filter((c) => c !== '居民身份证')).toEqual([imported.mobile, imported.card]);
    const refused = await exportForm('/v1/userCard/list', { token: duty, poiId: HOME, whole: '1' });
    expect(refused.json()).toMatchObject({ code: 403, message: '仅社区管理员和社区经理可导出完整信息' });
  });

  it('honours the tab and the search of the list', async () => {
    const pending = await readXlsx((await exportForm('/v1/userCard/list', { token: manager, poiId: HOME, status: '0' })).rawPayload);
    expect(pending.rows).toHaveLength(1);
    const found = await readXlsx((await exportForm('/v1/userCard/list', { token: manager, poiId: HOME, keyword: imported.mobile })).rawPayload);
    expect(found.rows.map((r) => r[0])).toEqual(['姓名', '导出测试']);
  });

  it('exports the entry/exit log', async () => {
    const resident = await t.login('13800000004');
    // An entry a minute ago, checked by a scanner with no signal and sent now.
    const phone = await residentPhoneKey(t, resident, HOME);
    const kit = (await t.app.inject({ method: 'GET', url: `/v1/gate/offlineKit?poiId=${HOME}`, headers: { token: duty } })).json().data.kitId as string;
    t.clock.advance(90_000);
    const my = (await t.app.inject({ method: 'GET', url: `/v1/userCard/my?poiId=${HOME}&pass=2`, headers: { token: resident } })).json();
    const at = t.clock.now().getTime() - 60_000;
    const offline = await poster(t)('/v1/gate/offlineScans', duty, { poiId: HOME, scans: [{ code: signedPassCodeAt(phone, 1, codeStepAt(at)), pass: 1, at, kit }] });
    expect(offline.body.data.results[0].result).not.toBe('refused');
    await poster(t)('/v1/userCard/userInfo', duty, { poiId: HOME, code: my.data.userCard.code });
    const { sheetName, rows } = await readXlsx((await exportForm('/v1/userCard/userLog', { token: duty, poiId: HOME })).rawPayload);
    expect(sheetName).toBe('出入记录');
    expect(rows[0]).toEqual(['姓名', '手机号', '进出', '身份', '时间', '车牌', '备注']);
    expect(rows[1]!.slice(0, 4)).toEqual(['陈明', '138****0004', '出', '业主']);
    expect(rows[1]![6] ?? '').toBe('');
    expect(rows[2]!.slice(0, 3)).toEqual(['陈明', '138****0004', '进']);
    expect(String(rows[2]![6])).toMatch(/^离线核验/);
    // The time is a date cell on Beijing's wall clock: within a minute of now, shifted by eight hours.
    const shown = (rows[1]![4] as Date).getTime() - 8 * 3600_000;
    expect(Math.abs(shown - t.clock.now().getTime())).toBeLessThan(60_000);
  });

  it('skips no row when many share one timestamp to the microsecond (a multi-row insert)', async () => {
    const db = new pg.Client({ connectionString: t.database.url });
    await db.connect();
    try {
      // Copies of an existing row, made by one statement: now() is the same for every one of them.
      const copies = (table: string, idOf: string, overrides: string) =>
        db.query(
          `insert into ${table} select (jsonb_populate_record(null::${table}, to_jsonb(x) || jsonb_build_object('id', gen_random_uuid()${overrides}))).*
           from ${table} x, generate_series(1, 160) where x.id = (${idOf})`,
        );
      await copies('registrations', "select id from registrations where name = '导出测试'", ", 'name', '同刻导出', 'mobile_hash', md5(random()::text), 'card_hash', md5(random()::text), 'updated_at', now()");
      await copies('entry_logs', `select id from entry_logs where poi_id = '${HOME}' limit 1`, ", 'name', '同刻出入', 'created_at', now()");
    } finally {
      await db.end();
    }
    const registrations = await readXlsx((await exportForm('/v1/userCard/list', { token: manager, poiId: HOME })).rawPayload);
    expect(registrations.rows.filter((r) => r[0] === '同刻导出')).toHaveLength(160);
    const logs = await readXlsx((await exportForm('/v1/userCard/userLog', { token: manager, poiId: HOME })).rawPayload);
    expect(logs.rows.filter((r) => r[0] === '同刻出入')).toHaveLength(160);
  });

  it('refuses other communities’ staff and logged-out forms', async () => {
    const stranger = await staffOf(t, 'DEMO000002');
    expect((await exportForm('/v1/userCard/list', { token: stranger, poiId: HOME })).statusCode).toBe(403);
    expect((await exportForm('/v1/userCard/userLog', { poiId: HOME })).statusCode).toBe(423);
  });

  it('runs two exports per person and four in all at once, refusing more with a message until one ends', async () => {
    const { lock, waiting } = await holdRegistrations();
    const [other1, other2, other3] = [await staffOf(t, HOME, 1), await staffOf(t, HOME, 1), await staffOf(t, HOME, 1)];
    const exportAs = (token: string) => exportForm('/v1/userCard/list', { token, poiId: HOME });
    try {
      const mine = [exportAs(manager), exportAs(manager)];
      await expect.poll(waiting).toBe(2);
      expect((await exportAs(manager)).json()).toEqual({ code: 429, message: '您的导出还在进行中，请等表格下载完成后再试', data: null });
      const others = [exportAs(other1), exportAs(other2)];
      await expect.poll(waiting).toBe(4);
      expect((await exportAs(other3)).json()).toEqual({ code: 429, message: '正在导出的表格较多，请稍后再试', data: null });

      await lock.query('rollback');
      for (const res of await Promise.all([...mine, ...others])) {
        expect(res.statusCode).toBe(200);
        expect((await readXlsx(res.rawPayload)).sheetName).toBe('登记记录');
      }
      // Every slot was given back.
      expect((await exportAs(other3)).statusCode).toBe(200);
      expect((await Promise.all([exportAs(manager), exportAs(manager)])).map((r) => r.statusCode)).toEqual([200, 200]);
    } finally {
      await lock.end();
    }
  });

  it('counts the audit log’s export among a person’s exports', async () => {
    const admin = await t.login('13800000001');
    const { lock, waiting } = await holdRegistrations();
    const exportAs = () => exportForm('/v1/userCard/list', { token: admin, poiId: HOME });
    const auditExport = () => exportForm('/v1/manage/auditLog', { token: admin, poiId: HOME });
    try {
      const running = [exportAs(), exportAs()];
      await expect.poll(waiting).toBe(2);
      expect((await auditExport()).json()).toEqual({ code: 429, message: '您的导出还在进行中，请等表格下载完成后再试', data: null });
      await lock.query('rollback');
      expect((await Promise.all(running)).map((r) => r.statusCode)).toEqual([200, 200]);
      const res = await auditExport();
      expect(res.statusCode).toBe(200);
      expect((await readXlsx(res.rawPayload)).sheetName).toBe('操作日志');
    } finally {
      await lock.end();
    }
  });

  it('gives the slot back when a download is cancelled', async () => {
    const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { lock, waiting } = await holdRegistrations();
    const cancel = new AbortController();
    const downloads = [1, 2].map(() =>
      fetch(`${origin}/v1/userCard/list?export=1`, { method: 'POST', body: new URLSearchParams({ token: manager, poiId: HOME }), signal: cancel.signal })
        .then((r) => r.arrayBuffer())
        .catch(() => 'cancelled'),
    );
    try {
      await expect.poll(waiting).toBe(2);
      cancel.abort();
      expect(await Promise.all(downloads)).toEqual(['cancelled', 'cancelled']);
    } finally {
      await lock.query('rollback');
      await lock.end();
    }
    await expect
      .poll(async () => (await Promise.all([exportForm('/v1/userCard/list', { token: manager, poiId: HOME }), exportForm('/v1/userCard/list', { token: manager, poiId: HOME })])).map((r) => r.statusCode))
      .toEqual([200, 200]);
    // fetch keeps its connections open for reuse; the server's close would wait for them.
    t.app.server.closeAllConnections();
  });
});
