import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNIT_IMPORT_HEADER, UNIT_IMPORT_HEADER_V1 } from '@sq/contract/units/unit-rules';
import { XLSX_TYPE } from '@sq/contract/manage/export';
import { createTestApp, type TestApp } from '../support/test-app';
import { api, DAY } from '../polls/poll-helpers';
import { newCommunity, owners, ownersVote, workbookOf } from '../polls/owners-helpers';

/**
 * The register's import with owners as persons (issue 37): one row per owner, a home's co-owners
 * on adjacent rows; what is stored is what the form stores, and the owners' vote counts it (art. 9).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

const HEADER = [...UNIT_IMPORT_HEADER];
const CERT = '京(2020)朝阳区不动产权第0012345号';
const DEV = '北京某某置业有限公司';
const upload = (poiId: string, file: Buffer, token: string, query = '') =>
  t.app.inject({ method: 'POST', url: `/v1/manage/units/import?poiId=${poiId}${query}`, payload: file, headers: { 'content-type': XLSX_TYPE, token } });
const list = async (poiId: string, token: string) => (await api(t).post('/v1/manage/units', { poiId }, token)).json().data;
const rowsOf = async <T>(sql: string) => ((await t.database.db.execute(sql)) as unknown as { rows: T[] }).rows;
const masked = (m: string) => `${m.slice(0, 3)}****${m.slice(-4)}`;
type Listed = { room: string; persons: { _id: string; name: string; mobile: string; developer: boolean }[]; owners: string[]; areaSource: number | null; certNo: string | null; area: string };

describe('importing the register with owners as persons', () => {
  it('stores a buyer of two homes as one person, co-owners, the developer’s unsold homes, area sources and certificates; the vote counts 4 owners', async () => {
    const c = await newCommunity(t);
    const [zhang, li, wang, zhao] = (await owners(t, 4)).map((o) => o!);
    const file = await workbookOf([
      HEADER,
      ['1', '1', '101', 100, '登记', CERT, '张三', zhang!.mobile, '否'],
      ['1', '1', '102', 100, '登记', null, '张三', zhang!.mobile, null],
      // 103: 张三 with 李四; the home's columns on its first row only.
      ['1', '1', '103', 100, '实测', null, '张三', zhang!.mobile, '否'],
      ['1', '1', '103', null, null, null, '李四', li!.mobile, null],
      // 104: repeated home columns are taken; a mobile Excel kept as a number too.
      ['1', '1', '104', 120.58, '合同', null, '王五', wang!.mobile, ''],
      ['1', '1', '104', 120.58, '合同', null, '赵六', Number(zhao!.mobile), ''],
      ['1', '1', '105', 30, null, null, DEV, null, '是'],
      ['1', '1', '106', 30, null, null, DEV, null, '是'],
      ['1', '1', '107', 30, null, null, DEV, null, '是'],
    ]);
    const preview = (await upload(c.poiId, file, c.manager)).json().data;
    expect(preview).toEqual({ rows: 9, good: 9, homes: 7, problems: [], created: 0, updated: 0, written: false });
    expect((await list(c.poiId, c.manager)).register.units).toBe(0);

    expect((await upload(c.poiId, file, c.manager, '&commit=1')).json().data).toMatchObject({ homes: 7, created: 7, updated: 0, written: true });
    const data = await list(c.poiId, c.manager);
    expect(data.register).toEqual({ units: 7, area: '510.58', withOwners: 4, owners: 4 });
    const home = (room: string) => (data.units as Listed[]).find((u) => u.room === room)!;
    expect(home('101')).toMatchObject({ persons: [{ name: '张三', mobile: masked(zhang!.mobile), developer: false }], owners: [masked(zhang!.mobile)], areaSource: 1, certNo: '京(20****345号' });
    expect(home('102')).toMatchObject({ areaSource: 1, certNo: null });
    expect(home('103').persons.map((p) => [p.name, p.mobile])).toEqual([
      ['张三', masked(zhang!.mobile)],
      ['李四', masked(li!.mobile)],
    ]);
    expect(home('103').owners).toEqual([masked(zhang!.mobile), masked(li!.mobile)]);
    expect(home('103').areaSource).toBe(2);
    expect(home('104')).toMatchObject({ area: '120.58', areaSource: 3, owners: [masked(wang!.mobile), masked(zhao!.mobile)] });
    expect(home('105')).toMatchObject({ persons: [{ name: DEV, mobile: '', developer: true }], owners: [], areaSource: null });
    // One person per name and mobile across homes: 张三 of 101, 102 and 103; the developer of 105–107.
    expect(new Set(['101', '102', '103'].map((r) => home(r).persons[0]!._id)).size).toBe(1);
    expect(new Set(['105', '106', '107'].map((r) => home(r).persons[0]!._id)).size).toBe(1);
    // Encrypted at rest, as the form stores them: no name, mobile or certificate number as written.
    const raw = await rowsOf<Record<string, unknown>>(
      `select u.cert_enc, p.name_enc, p.mobile_enc, p.mobile_hash, o.mobile_enc as o_enc from units u join unit_holders h on h.unit_id = u.id join owner_persons p on p.id = h.person_id left join unit_owners o on o.unit_id = u.id where u.poi_id = '${c.poiId}'`,
    );
    expect(raw.length).toBeGreaterThan(0);
    expect(JSON.stringify(raw)).not.toMatch(new RegExp(`张三|置业|不动产权|${zhang!.mobile}|${zhao!.mobile}`));
    // The audit entry holds counts, never a name, mobile or certificate number.
    const audited = await rowsOf<{ d: string }>(`select detail::text as d from audit_log where action = 'units.import' and poi_id = '${c.poiId}'`);
    expect(audited).toHaveLength(1);
    expect(JSON.parse(audited[0]!.d)).toEqual({ created: 7, updated: 0, skipped: 0, layout: 'persons', holdings: 9 });

    // The same file again changes nothing and adds no person.
    expect((await upload(c.poiId, file, c.manager, '&commit=1')).json().data).toMatchObject({ created: 0, updated: 7 });
    expect((await rowsOf<{ n: number }>(`select count(*)::int as n from owner_persons where poi_id = '${c.poiId}'`))[0]!.n).toBe(5);
    expect((await list(c.poiId, c.manager)).register).toEqual({ units: 7, area: '510.58', withOwners: 4, owners: 4 });

    // The owners' vote counts the imported register per art. 9: 4 owners, and the owners vote for their homes.
    const { id, agree } = await ownersVote(t, c.manager, c.poiId, { matterItem: 4 });
    expect((await api(t).post('/v1/polls/vote', { id, options: agree }, zhang!.token)).statusCode).toBe(200);
    expect((await api(t).post('/v1/polls/vote', { id, options: agree }, zhao!.token)).statusCode).toBe(200);
    t.clock.advance(8 * DAY);
    const d = (await api(t).get(`/v1/polls/${id}`, c.manager)).json().data;
    expect(d.poll.owners).toMatchObject({
      total: { units: 7, area: '510.58', owners: 4 },
      voted: { units: 4, area: '420.58', owners: 3 },
      areaSources: { registered: 2, surveyed: 1, contract: 1, unknown: 3 },
      outcome: 'passed',
    });
  });

  it('takes the file as the register: a sale replaces the home’s owners, a blank source or certificate clears it', async () => {
    const c = await newCommunity(t);
    const [seller, buyer] = (await owners(t, 2)).map((o) => o!);
    await upload(c.poiId, await workbookOf([HEADER, ['3', '', '0101', 88, '登记', CERT, '钱一', seller!.mobile, '否']]), c.manager, '&commit=1');
    const sold = await upload(c.poiId, await workbookOf([HEADER, ['3', '', '0101', 88, null, null, '孙二', buyer!.mobile, '否']]), c.manager, '&commit=1');
    expect(sold.json().data).toMatchObject({ created: 0, updated: 1 });
    const [u] = (await list(c.poiId, c.manager)).units as Listed[];
    expect(u).toMatchObject({ room: '0101', persons: [{ name: '孙二', mobile: masked(buyer!.mobile) }], owners: [masked(buyer!.mobile)], areaSource: null, certNo: null });
  });

  it('lists every bad row with its column and why, writes nothing, and leaves a home with a bad row out whole', async () => {
    const c = await newCommunity(t);
    const m = (Array.from({ length: 8 }, (_, i) => `1391234${String(5000 + i)}`));
    const six = ['甲', '乙', '丙', '丁', '戊', '己'].map((name, i) => ['2', '1', '204', i ? null : 90, null, null, name, m[i], null]);
    const file = await workbookOf([
      HEADER,
      ['2', '1', '201', 90, '登记', null, '钱一', '12345', '否'],
      ['2', '1', '202', 90, '估算', null, '孙二', m[0], '否'],
      ['2', '1', '203', 90, null, null, DEV, null, '是'],
      ['2', '1', '203', null, null, null, '周三', m[1], '否'],
      ...six,
      ['2', '1', '205', 90, '实测', 'A1', '吴四', m[2], null],
      ['2', '1', '205', 95, '合同', 'B2', '郑五', m[3], null],
      ['2', '1', '206', 90, null, null, '冯六', m[4], '也许'],
      ['2', '1', '207', 80, null, null, '陈七', m[5], '否'],
      ['2', '1', '201', 90, null, null, '卫八', m[6], null],
      ['2', '1', '208', 80, null, null, null, m[7], null],
      ['2', '1', '209', 80, null, null, '蒋九', m[7], '否'],
      ['2', '1', '209', null, null, null, '蒋九', m[7], '否'],
      ['2', '1', '210', 80, null, null, DEV, null, '否'],
      ['', '1', '211', 80, null, null, '韩十', null, null],
    ]);
    const preview = (await upload(c.poiId, file, c.manager)).json().data;
    const [, , , area, source, cert, name, mobile, developer] = HEADER;
    const room = HEADER[2]!;
    expect(preview.problems).toEqual([
      { row: 2, column: mobile, message: '业主手机号不正确（可不填）' },
      { row: 3, column: source, message: '面积来源请填“登记”“实测”或“合同”（未知可留空）' },
      { row: 4, column: room, message: '同一房屋的第5行有错误，本户整户不导入' },
      { row: 5, column: developer, message: '开发建设单位持有的房屋不能同时登记其他业主（第4行）' },
      ...[6, 7, 8, 9, 10].map((row) => ({ row, column: room, message: '同一房屋的第11行有错误，本户整户不导入' })),
      { row: 11, column: name, message: '每户最多5位业主（共有人），本户超过了' },
      { row: 12, column: room, message: '同一房屋的第13行有错误，本户整户不导入' },
      { row: 13, column: area, message: '同一房屋的面积应与第12行相同，或留空' },
      { row: 13, column: source, message: '同一房屋的面积来源应与第12行相同，或留空' },
      { row: 13, column: cert, message: '同一房屋的不动产权证号应与第12行相同，或留空' },
      { row: 14, column: developer, message: '开发建设单位一列请填“是”或“否”（不是可留空）' },
      { row: 16, column: room, message: '同一房屋的各位业主请填在相邻的行（与第2行是同一房屋）' },
      { row: 17, column: name, message: '请填写业主姓名（开发建设单位填单位名称，最多50个字）' },
      { row: 18, column: room, message: '同一房屋的第19行有错误，本户整户不导入' },
      { row: 19, column: name, message: '同一户不能重复填写同一位业主' },
      { row: 20, column: developer, message: '同一业主在前面的行标记的“开发建设单位”不同（第4行）' },
      { row: 21, column: HEADER[0], message: '请输入楼栋' },
    ]);
    // Only 207 is good; the rows of a bad home do not count as good.
    expect(preview).toMatchObject({ rows: 20, good: 1, homes: 1, written: false });
    // No mobile is echoed in a message.
    expect(JSON.stringify(preview)).not.toMatch(/1391234\d{4}/);

    const refused = await upload(c.poiId, file, c.manager, '&commit=1');
    expect(refused.json()).toEqual({ code: 400, message: '表格中有错误的行，请改正后重新上传，或选择只导入正确的行', data: null });
    expect((await list(c.poiId, c.manager)).register.units).toBe(0);
    expect((await rowsOf<{ n: number }>(`select count(*)::int as n from owner_persons where poi_id = '${c.poiId}'`))[0]!.n).toBe(0);

    const some = (await upload(c.poiId, file, c.manager, '&commit=1&skipBad=1')).json().data;
    expect(some).toMatchObject({ created: 1, written: true });
    expect(((await list(c.poiId, c.manager)).units as Listed[]).map((u) => u.room)).toEqual(['207']);
  });

  it('still imports the 5-column file before persons as before, keeping the persons, source and certificate a home has', async () => {
    const c = await newCommunity(t);
    const [zhang] = (await owners(t, 1)).map((o) => o!);
    await upload(c.poiId, await workbookOf([HEADER, ['1', '', '101', 90, '登记', CERT, '张三', zhang!.mobile, '否']]), c.manager, '&commit=1');
    const old = await workbookOf([
      [...UNIT_IMPORT_HEADER_V1],
      ['1', '', '101', 91, zhang!.mobile],
      ['1', '', '102', 80, '13911112222，13911113333'],
    ]);
    const preview = (await upload(c.poiId, old, c.manager)).json().data;
    expect(preview).toEqual({ rows: 2, good: 2, homes: 2, problems: [], created: 0, updated: 0, written: false });
    expect((await upload(c.poiId, old, c.manager, '&commit=1')).json().data).toMatchObject({ created: 1, updated: 1, written: true });
    const units = (await list(c.poiId, c.manager)).units as Listed[];
    expect(units[0]).toMatchObject({ room: '101', area: '91.00', persons: [{ name: '张三' }], areaSource: 1, certNo: '京(20****345号' });
    expect(units[1]).toMatchObject({ room: '102', persons: [], owners: ['139****2222', '139****3333'], areaSource: null });
    const audited = await rowsOf<{ d: string }>(`select detail::text as d from audit_log where action = 'units.import' and poi_id = '${c.poiId}' order by created_at desc limit 1`);
    expect(JSON.parse(audited[0]!.d)).toEqual({ created: 1, updated: 1, skipped: 0, layout: 'mobiles' });
  });
});
