import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { UNIT_IMPORT_HEADER, UNIT_IMPORT_HEADER_V1 } from '@sq/contract/units/unit-rules';
import { XLSX_TYPE } from '@sq/contract/manage/export';
import { createTestApp, type TestApp } from '../support/test-app';
import { api, loginAs } from '../polls/poll-helpers';
import { addUnit, memberOf, newCommunity, workbookOf } from '../polls/owners-helpers';
import { xlsxBomb } from '../support/zip-bomb';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

/** The template before persons (one row per home, mobiles in one cell): files in it still import as before. */
const HEADER = [...UNIT_IMPORT_HEADER_V1];
const unitCount = async (poiId: string) => {
  const r = (await t.database.db.execute(`select count(*)::int as n, (select count(*)::int from unit_owners o join units u on u.id = o.unit_id where u.poi_id = '${poiId}') as owners from units where poi_id = '${poiId}'`)) as unknown as { rows: { n: number; owners: number }[] };
  return r.rows[0]!;
};
const upload = (poiId: string, file: Buffer, token: string, query = '', type = XLSX_TYPE) =>
  t.app.inject({ method: 'POST', url: `/v1/manage/units/import?poiId=${poiId}${query}`, payload: file, headers: { 'content-type': type, token } });

describe('the unit register (房屋登记)', () => {
  it('adds, lists with masked mobiles and totals, changes and deletes units', async () => {
    const { poiId, manager } = await newCommunity(t);
    const id = await addUnit(t, manager, poiId, { building: '3', unit: '2', room: '1201', area: '89.5', mobiles: ['13912345678', '13700001111'] });
    await addUnit(t, manager, poiId, { building: '10', unit: '', room: '101', area: 120 });
    const list = (await api(t).post('/v1/manage/units', { poiId }, manager)).json().data;
    expect(list.register).toEqual({ units: 2, area: '209.50', withOwners: 1, owners: 2 });
    expect(list.units[0]).toMatchObject({ label: '3栋2单元1201', area: '89.50', owners: ['139****5678', '137****1111'] });
    expect(list.units[1].label).toBe('10栋101');
    // The mobile is stored encrypted: its digits are nowhere in the table.
    const raw = JSON.stringify(((await t.database.db.execute('select * from unit_owners')) as unknown as { rows: unknown[] }).rows);
    expect(raw).not.toContain('13912345678');

    const changed = await api(t).post('/v1/manage/units/save', { poiId, _id: id, building: '3', unit: '2', room: '1201', area: '90', mobiles: '13912345678' }, manager);
    expect(changed.statusCode).toBe(200);
    expect((await api(t).post('/v1/manage/units', { poiId, keyword: '1201' }, manager)).json().data.units).toMatchObject([{ area: '90.00', owners: ['139****5678'] }]);
    // A change that does not send the mobiles keeps the owners.
    await api(t).post('/v1/manage/units/save', { poiId, _id: id, building: '3', unit: '2', room: '1201', area: '91' }, manager);
    expect((await api(t).post('/v1/manage/units', { poiId, keyword: '1201' }, manager)).json().data.units).toMatchObject([{ area: '91.00', owners: ['139****5678'] }]);
    expect((await api(t).post('/v1/manage/units/delete', { poiId, _id: id }, manager)).statusCode).toBe(200);
    expect((await unitCount(poiId)).n).toBe(1);
  });

  it('refuses bad fields with their message and a second unit at the same address, writing nothing', async () => {
    const { poiId, manager } = await newCommunity(t);
    await addUnit(t, manager, poiId, { room: '101', area: 80 });
    const cases: [object, string][] = [
      [{ building: '', room: '102', area: 80 }, '请输入楼栋'],
      [{ building: '1', room: ' ', area: 80 }, '请输入房号'],
      [{ building: '1', room: '102', area: '0' }, '请输入正确的专有部分面积（平方米，大于0，最多两位小数）'],
      [{ building: '1', room: '102', area: '80.123' }, '请输入正确的专有部分面积（平方米，大于0，最多两位小数）'],
      [{ building: '1', room: '102', area: 80, mobiles: ['1234'] }, '业主手机号不正确'],
      [{ building: '1', room: '102', area: 80, mobiles: ['13800000001', '13800000002', '13800000003', '13800000004', '13800000005', '13800000006'] }, '每户最多5个业主手机号'],
    ];
    for (const [body, message] of cases) {
      const res = await api(t).post('/v1/manage/units/save', { poiId, unit: '1', ...body }, manager);
      expect(res.json(), JSON.stringify(body)).toEqual({ code: 400, message, data: null });
    }
    const dup = await api(t).post('/v1/manage/units/save', { poiId, building: '1', unit: '1', room: '101', area: 70 }, manager);
    expect(dup.json()).toEqual({ code: 409, message: '该房屋已登记', data: null });
    expect(await unitCount(poiId)).toEqual({ n: 1, owners: 0 });
  });

  it('is for the community’s administrators and managers only', async () => {
    const { poiId, manager } = await newCommunity(t);
    const duty = await memberOf(t, poiId, 2);
    const other = await newCommunity(t);
    const resident = await loginAs(t, '13800000004');
    for (const token of [duty, other.manager, resident]) {
      const res = await api(t).post('/v1/manage/units/save', { poiId, building: '1', room: '1', area: 50 }, token);
      expect(res.statusCode).toBe(403);
      expect((await api(t).post('/v1/manage/units', { poiId }, token)).statusCode).toBe(403);
      expect((await upload(poiId, await workbookOf([HEADER, ['1', '', '1', 50, '']]), token, '&commit=1')).statusCode).toBe(403);
    }
    expect((await api(t).post('/v1/manage/units', { poiId: 'NO-SUCH' }, manager)).statusCode).toBe(404);
    expect((await api(t).post('/v1/manage/units', { poiId })).statusCode).toBe(423);
    expect((await unitCount(poiId)).n).toBe(0);
  });

  it('adds one unit of thirty saves of one address sent at once; the others are told it is registered', async () => {
    const { poiId, manager } = await newCommunity(t);
    const save = (i: number) => api(t).post('/v1/manage/units/save', { poiId, building: '5', unit: '1', room: '301', area: 60 + i, mobiles: [`1391234${String(1000 + i)}`] }, manager);
    const all = await Promise.all(Array.from({ length: 30 }, (_, i) => save(i)));
    const won = all.map((r, i) => [r, i] as const).filter(([r]) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(all.filter((r) => r.statusCode !== 200).map((r) => `${r.statusCode} ${r.json().message}`)).toEqual(Array(29).fill('409 该房屋已登记'));
    // What is registered is the save that was answered 200, with its one owner (not another's, not a mix).
    expect(await unitCount(poiId)).toEqual({ n: 1, owners: 1 });
    const list = (await api(t).post('/v1/manage/units', { poiId }, manager)).json().data;
    expect(list.units[0]).toMatchObject({ _id: won[0]![0].json().data._id, area: `${60 + won[0]![1]}.00` });
  });

  it('answers saves and changes that race for one address with 200 or 409, never a server error', async () => {
    const { poiId, manager } = await newCommunity(t);
    const other = await addUnit(t, manager, poiId, { building: '6', unit: '1', room: '101', area: 80 });
    const target = { poiId, building: '6', unit: '1', room: '909', area: 90 };
    const all = await Promise.all(
      Array.from({ length: 30 }, (_, i) => api(t).post('/v1/manage/units/save', i % 2 ? target : { ...target, _id: other }, manager)),
    );
    expect(all.map((r) => r.statusCode).filter((s) => s !== 200 && s !== 409)).toEqual([]);
    expect((await unitCount(poiId)).n).toBeLessThanOrEqual(2);
    const rows = (await api(t).post('/v1/manage/units', { poiId }, manager)).json().data.units as { label: string }[];
    expect(rows.filter((u) => u.label === '6栋1单元909')).toHaveLength(1);
  });
});

describe('importing the register from .xlsx', () => {
  it('offers a template whose header the import takes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/manage/units/template' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.getRow(1).values).toEqual([undefined, ...UNIT_IMPORT_HEADER]);
    expect(workbook.worksheets[0]!.getRow(1).values).toEqual([undefined, '楼栋', '单元', '房号', '专有部分面积（平方米）', '面积来源（登记/实测/合同）', '不动产权证号', '业主姓名（共有人每人一行，开发建设单位填单位名称）', '业主手机号', '开发建设单位（是/否）']);
    // Text format where Excel would mangle what is typed: 房号 0101, mobiles, certificate numbers.
    const sheet = workbook.worksheets[0]!;
    for (const col of ['A', 'B', 'C', 'E', 'F', 'G', 'H', 'I']) expect(sheet.getColumn(col).numFmt, col).toBe('@');
    expect(sheet.getCell('C2').value).toBe('0101');
    // Drop-downs on the columns with a fixed choice, down the rows a manager fills.
    expect(sheet.getCell('E500').dataValidation).toMatchObject({ type: 'list', formulae: ['"登记,实测,合同"'] });
    expect(sheet.getCell('I500').dataValidation).toMatchObject({ type: 'list', formulae: ['"是,否"'] });
    expect(workbook.getWorksheet('填写说明')).toBeDefined();
    const { poiId, manager } = await newCommunity(t);
    // The example rows import: 0101 with two co-owners, 0102, and the developer's 0201.
    const preview = (await upload(poiId, res.rawPayload, manager)).json().data;
    expect(preview).toMatchObject({ rows: 4, good: 4, homes: 3, problems: [], written: false });
  });

  it('lists every bad row before writing, then imports the good ones or none, and again adds no duplicates', async () => {
    const { poiId, manager } = await newCommunity(t);
    const file = await workbookOf([
      HEADER,
      ['1', '1', '101', 89.5, '13911110001'],
      ['1', '1', '102', '', '13911110002'],
      ['1', '1', '103', 76, '12345, 13911110003'],
      [],
      ['', '1', '104', 60, ''],
      ['1', '1', '101', 90, ''],
      ['2', '', '201', '102.35', '13911110004，13911110005'],
    ]);
    const preview = await upload(poiId, file, manager);
    expect(preview.json().data).toEqual({
      rows: 6,
      good: 2,
      homes: 2,
      problems: [
        { row: 3, column: '专有部分面积（平方米）', message: '请输入正确的专有部分面积（平方米，大于0，最多两位小数）' },
        { row: 4, column: '业主手机号（多个用逗号分隔）', message: '业主手机号不正确' },
        { row: 6, column: '楼栋', message: '请输入楼栋' },
        { row: 7, column: '房号', message: '与文件中前面的行是同一房屋（第2行）' },
      ],
      created: 0,
      updated: 0,
      written: false,
    });
    expect((await unitCount(poiId)).n).toBe(0);

    // Bad rows left and no choice made: nothing is written.
    const refused = await upload(poiId, file, manager, '&commit=1');
    expect(refused.json()).toEqual({ code: 400, message: '表格中有错误的行，请改正后重新上传，或选择只导入正确的行', data: null });
    expect((await unitCount(poiId)).n).toBe(0);

    const good = (await upload(poiId, file, manager, '&commit=1&skipBad=1')).json().data;
    expect(good).toMatchObject({ good: 2, created: 2, updated: 0, written: true });
    expect(await unitCount(poiId)).toEqual({ n: 2, owners: 3 });
    const again = (await upload(poiId, file, manager, '&commit=1&skipBad=1')).json().data;
    expect(again).toMatchObject({ created: 0, updated: 2, written: true });
    expect(await unitCount(poiId)).toEqual({ n: 2, owners: 3 });
    const list = (await api(t).post('/v1/manage/units', { poiId }, manager)).json().data;
    expect(list.register).toEqual({ units: 2, area: '191.85', withOwners: 2, owners: 2 });
  });

  it('refuses what is not a register with a message: another format, a wrong header, formulas, an empty sheet, too large', async () => {
    const { poiId, manager } = await newCommunity(t);
    const expectRefused = async (res: Awaited<ReturnType<typeof upload>>, message: string) => expect(res.json()).toEqual({ code: 400, message, data: null });
    await expectRefused(await upload(poiId, Buffer.from('楼栋,单元,房号\n1,1,101\n'), manager, '&commit=1', 'application/octet-stream'), '请上传 .xlsx 格式的房屋登记表（可先下载模板）');
    // A zip that is not a workbook.
    const { zipSync, strToU8 } = await import('fflate');
    await expectRefused(await upload(poiId, Buffer.from(zipSync({ 'a.txt': strToU8('hello') })), manager, '&commit=1'), '请上传 .xlsx 格式的房屋登记表（可先下载模板）');
    await expectRefused(await upload(poiId, await workbookOf([['姓名', '手机号'], ['张三', '13900000000']]), manager, '&commit=1'), '表头与模板不一致，请使用下载的模板填写');
    await expectRefused(await upload(poiId, await workbookOf([HEADER]), manager, '&commit=1'), '表格中没有房屋数据');
    const withFormula = await workbookOf([HEADER, ['1', '1', '101', 80, ''], ['1', '1', '102', 0, '']], (sheet) => {
      sheet.getCell('D3').value = { formula: 'D2*1.1', result: 88 } as ExcelJS.CellFormulaValue;
    });
    await expectRefused(await upload(poiId, withFormula, manager, '&commit=1'), '第3行：单元格不能含公式，请复制后“粘贴为数值”');
    const big = Buffer.concat([await workbookOf([HEADER]), Buffer.alloc(2 * 1024 * 1024)]);
    await expectRefused(await upload(poiId, big, manager, '&commit=1'), '文件太大，请拆分后分批导入（每个文件不超过2MB）');
    expect((await unitCount(poiId)).n).toBe(0);
  });

  it('refuses a small file that unpacks to 200 MB (its headers claiming 2 KB) as too large, without unpacking it all', async () => {
    const { poiId, manager } = await newCommunity(t);
    const bomb = await xlsxBomb(await workbookOf([HEADER]));
    expect(bomb.length).toBeLessThan(300 * 1024);
    const started = Date.now();
    const res = await upload(poiId, bomb, manager, '&commit=1');
    expect(res.json()).toEqual({ code: 400, message: '文件内容太大（解压后超过32MB），请删去多余的工作表、图片和格式，或拆分后分批导入', data: null });
    // Unpacking stops at 32 MB (test/lib/bounded-unzip.test.ts); all 200 MB took 1.6 s before.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await unitCount(poiId)).n).toBe(0);
  });
});
