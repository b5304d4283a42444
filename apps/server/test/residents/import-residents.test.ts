import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { addDays, beijingDate } from '@sq/contract/beijing-time';
import { XLSX_TYPE } from '@sq/contract/manage/export';
import { RESIDENT_IMPORT_HEADER } from '@sq/contract/residents/import-residents';
import { createTestApp, type TestApp } from '../support/test-app';
import { freshMobile, idCard } from '../support/factories';
import { api } from '../polls/poll-helpers';
import { memberOf, newCommunity, workbookOf } from '../polls/owners-helpers';
import { xlsxBomb } from '../support/zip-bomb';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

const HEADER = [...RESIDENT_IMPORT_HEADER];
const upload = (poiId: string, file: Buffer, token: string, query = '', type = XLSX_TYPE) =>
  t.app.inject({ method: 'POST', url: `/v1/manage/residents/import?poiId=${poiId}${query}`, payload: file, headers: { 'content-type': type, token } });
const count = async (poiId: string) => {
  const r = (await t.database.db.execute(
    `select count(*)::int as n, count(*) filter (where status = 1 and user_id is null and consent_at is null)::int as approved,
       (select count(*)::int from registration_reviews v join registrations g on g.id = v.registration_id where g.poi_id = '${poiId}' and v.to_status = 1) as reviews
     from registrations where poi_id = '${poiId}'`,
  )) as unknown as { rows: { n: number; approved: number; reviews: number }[] };
  return r.rows[0]!;
};

describe('importing residents from .xlsx (导入住户)', () => {
  it('offers a template whose first sheet holds only the header, and explains each column on a second', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/manage/residents/template' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('住户名单导入模板.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['住户名单', '填写说明']);
    expect(workbook.worksheets[0]!.getRow(1).values).toEqual([undefined, ...HEADER]);
    expect(workbook.worksheets[0]!.actualRowCount).toBe(1);
    // Filled in as downloaded, no example person is imported.
    const { poiId, manager } = await newCommunity(t);
    expect((await upload(poiId, res.rawPayload, manager)).json()).toEqual({ code: 400, message: '表格中没有住户数据', data: null });
  });

  it('lists every bad row before writing, then imports the good ones or none, and again adds nobody', async () => {
    const { poiId, manager } = await newCommunity(t);
    const today = beijingDate(t.clock.now());
    const [owner, tenant, foreigner, dup] = [freshMobile(), freshMobile(), freshMobile(), freshMobile()];
    const file = await workbookOf([
      HEADER,
      ['王业主', owner, '', idCard(), '', '业主', '3号楼2单元501', '3号楼', '', ''],
      // A tenancy end typed as a date cell, as Excel stores it.
      ['李租户', tenant, '居民身份证', idCard(), '', '租户', '5号楼1单元302', '', new Date(`${addDays(today, 200)}T00:00:00Z`), ''],
      // A passport holder whose nationality is typed as a code; a date typed as text.
      ['John Smith', foreigner, '护照', 'E12345678', 'us', '租户', '6号楼101', '', addDays(today, 30).replace(/-0?/g, '/'), ''],
      ['陈港人', '+852 9123 4567', '港澳居民来往内地通行证', 'H12345678', '', '公司', '7号楼', '', '', '某某科技有限公司'],
      [],
      ['', freshMobile(), '', idCard(), '', '业主', '1号楼', '', '', ''],
      ['坏手机', '1380000', '', idCard(), '', '业主', '1号楼', '', '', ''],
      ['坏证件', freshMobile(), '', '110105199001011235', '', '业主', '1号楼', '', '', ''],
      ['访客甲', freshMobile(), '', idCard(), '', '访客', '1号楼', '', '', ''],
      ['无期租户', freshMobile(), '', idCard(), '', '租户', '1号楼', '', '', ''],
      ['无国籍', freshMobile(), '护照', 'E87654321', '火星', '业主', '1号楼', '', '', ''],
      ['重复', owner, '', idCard(), '', '业主', '1号楼', '', '', ''],
      ['陈重复', dup, '', idCard(), '', '业主', '2号楼', '', '', ''],
    ]);
    const preview = await upload(poiId, file, manager);
    expect(preview.json().data).toEqual({
      rows: 12,
      good: 5,
      problems: [
        { row: 7, column: '姓名', message: '请输入姓名' },
        { row: 8, column: '手机号', message: '请输入正确的手机号' },
        { row: 9, column: '证件号码', message: '请输入正确的身份证号' },
        { row: 10, column: '身份', message: '身份请填写业主、租户或公司' },
        { row: 11, column: '租赁截止日期', message: '请选择租赁截止日期' },
        { row: 12, column: '国籍', message: '国籍不正确，请填写国家名称（如“美国”）或两位字母代码（如 US）' },
        { row: 13, column: '手机号', message: '与文件中前面的行是同一手机号（第2行）' },
      ],
      existing: 0,
      created: 0,
      written: false,
    });
    expect((await count(poiId)).n).toBe(0);

    // Bad rows left and no choice made: nothing is written.
    const refused = await upload(poiId, file, manager, '&commit=1');
    expect(refused.json()).toEqual({ code: 400, message: '表格中有错误的行，请改正后重新上传，或选择只导入正确的行', data: null });
    expect((await count(poiId)).n).toBe(0);

    const done = (await upload(poiId, file, manager, '&commit=1&skipBad=1')).json().data;
    expect(done).toMatchObject({ good: 5, created: 5, existing: 0, written: true });
    // Approved as staff-entered ones are, each approval on record, nobody's consent assumed.
    expect(await count(poiId)).toEqual({ n: 5, approved: 5, reviews: 5 });
    const again = (await upload(poiId, file, manager, '&commit=1&skipBad=1')).json().data;
    expect(again).toMatchObject({ created: 0, existing: 5, written: true });
    expect((await upload(poiId, file, manager)).json().data.existing).toBe(5);
    expect((await count(poiId)).n).toBe(5);

    // In the staff list, masked, with the imported document types and dates.
    const list = (await api(t).post('/v1/userCard/list', { poiId, status: 1 }, manager)).json().data;
    const byName = Object.fromEntries(list.userCards.map((r: { name: string }) => [r.name, r]));
    expect(Object.keys(byName).sort()).toEqual(['John Smith', '李租户', '王业主', '陈港人', '陈重复'].sort());
    expect(byName['李租户']).toMatchObject({ owner: '租户', expire_time: addDays(today, 200), mobile: `${tenant.slice(0, 3)}****${tenant.slice(7)}` });
    expect(byName['John Smith']).toMatchObject({ cardType: 'passport', nationality: 'US', expire_time: addDays(today, 30) });
    expect(byName['陈港人']).toMatchObject({ cardType: 'hkmo', company: '某某科技有限公司' });
    const stored = JSON.stringify(((await t.database.db.execute(`select * from registrations where poi_id = '${poiId}'`)) as unknown as { rows: unknown[] }).rows);
    expect(stored).not.toContain(owner);
    expect(stored).not.toContain('E12345678');

    // The person logs in with that mobile: their pass is there, and the notice comes first.
    const person = await t.login(owner);
    const my = (await t.app.inject({ method: 'GET', url: `/v1/userCard/my?poiId=${poiId}`, headers: { token: person } })).json().data;
    // ptype 1: a usable pass with its code.
    expect(my).toMatchObject({ notice: true, userCard: { ptype: 1, name: '王业主' } });
    expect(my.userCard.code).toBeTruthy();

    const audit = (await t.database.db.execute(`select action, rows, detail from audit_log where poi_id = '${poiId}' order by id`)) as unknown as { rows: unknown[] };
    expect(audit.rows).toEqual([
      { action: 'residents.import', rows: 5, detail: { existing: 0, skipped: 7 } },
      { action: 'residents.import', rows: 0, detail: { existing: 5, skipped: 7 } },
    ]);
  });

  it('reports its progress to the person importing, and to nobody else', async () => {
    const { poiId, manager } = await newCommunity(t);
    const rows = Array.from({ length: 1200 }, (_, i) => [`住户${i}`, `1371${String(i).padStart(7, '0')}`, '', idCard(), '', '业主', `${1 + (i % 20)}号楼`, '', '', '']);
    const file = await workbookOf([HEADER, ...rows]);
    const key = 'run-0123456789';
    const running = upload(poiId, file, manager, `&commit=1&progress=${key}`);
    const seen: string[] = [];
    for (;;) {
      const res = await api(t).post('/v1/manage/residents/importProgress', { poiId, progress: key }, manager);
      if (res.statusCode === 200) {
        const p = res.json().data;
        seen.push(p.phase);
        expect(p.done).toBeLessThanOrEqual(p.total);
        if (p.phase === 'done') break;
      } else expect(res.json().message).toBe('没有找到这次导入的进度');
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await running).json().data).toMatchObject({ created: 1200, written: true });
    expect(seen.at(-1)).toBe('done');
    expect((await api(t).post('/v1/manage/residents/importProgress', { poiId, progress: key }, manager)).json().data).toEqual({ phase: 'done', done: 1200, total: 1200 });
    const otherManager = await memberOf(t, poiId, 1);
    expect((await api(t).post('/v1/manage/residents/importProgress', { poiId, progress: key }, otherManager)).json()).toEqual({ code: 404, message: '没有找到这次导入的进度', data: null });
    expect((await upload(poiId, file, manager, '&progress=a%20b')).json()).toEqual({ code: 400, message: '参数不正确', data: null });
  });

  it('is for the community’s administrators and managers only', async () => {
    const { poiId, manager } = await newCommunity(t);
    const duty = await memberOf(t, poiId, 2);
    const other = await newCommunity(t);
    const resident = await t.login(freshMobile());
    const file = await workbookOf([HEADER, ['王业主', freshMobile(), '', idCard(), '', '业主', '1号楼', '', '', '']]);
    for (const token of [duty, other.manager, resident]) {
      expect((await upload(poiId, file, token, '&commit=1')).statusCode).toBe(403);
      expect((await api(t).post('/v1/manage/residents/importProgress', { poiId, progress: 'run-0123456789' }, token)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: `/v1/manage/residents/import?poiId=${poiId}&commit=1`, payload: file, headers: { 'content-type': XLSX_TYPE } })).statusCode).toBe(423);
    expect((await upload('NO-SUCH', file, manager, '&commit=1')).statusCode).toBe(404);
    expect((await count(poiId)).n).toBe(0);
  });

  it('refuses what is not a list of residents with a message, writing nothing', async () => {
    const { poiId, manager } = await newCommunity(t);
    const expectRefused = async (res: Awaited<ReturnType<typeof upload>>, message: string) => expect(res.json()).toEqual({ code: 400, message, data: null });
    await expectRefused(await upload(poiId, Buffer.from('姓名,手机号\n张三,13800000000\n'), manager, '&commit=1', 'application/octet-stream'), '请上传 .xlsx 格式的住户名单（可先下载模板）');
    await expectRefused(await upload(poiId, await workbookOf([['楼栋', '单元', '房号'], ['1', '1', '101']]), manager, '&commit=1'), '表头与模板不一致，请使用下载的模板填写');
    const withFormula = await workbookOf([HEADER, ['王业主', freshMobile(), '', idCard(), '', '业主', '1号楼', '', '', '']], (sheet) => {
      sheet.getCell('A2').value = { formula: 'CONCAT("王","业主")', result: '王业主' } as ExcelJS.CellFormulaValue;
    });
    await expectRefused(await upload(poiId, withFormula, manager, '&commit=1'), '第2行：单元格不能含公式，请复制后“粘贴为数值”');
    const big = Buffer.concat([await workbookOf([HEADER]), Buffer.alloc(4 * 1024 * 1024)]);
    await expectRefused(await upload(poiId, big, manager, '&commit=1'), '文件太大，请拆分后分批导入（每个文件不超过4MB）');
    expect((await count(poiId)).n).toBe(0);
  });

  it('refuses a small file that unpacks to 200 MB (its headers claiming 2 KB) as too large, without unpacking it all', async () => {
    const { poiId, manager } = await newCommunity(t);
    const bomb = await xlsxBomb(await workbookOf([HEADER]));
    const started = Date.now();
    const res = await upload(poiId, bomb, manager, '&commit=1');
    expect(res.json()).toEqual({ code: 400, message: '文件内容太大（解压后超过32MB），请删去多余的工作表、图片和格式，或拆分后分批导入', data: null });
    // Unpacking stops at 32 MB (test/lib/bounded-unzip.test.ts); all 200 MB took 1.6 s before.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await count(poiId)).n).toBe(0);
  });
});
