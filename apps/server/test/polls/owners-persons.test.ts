import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp } from '../support/test-app';
import { api, DAY } from './poll-helpers';
import { newCommunity, owners, ownersVote } from './owners-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

const vote = (id: string, option: string, token: string) => api(t).post('/v1/polls/vote', { id, options: option }, token);
const detail = async (id: string, token: string) => (await api(t).get(`/v1/polls/${id}`, token)).json().data;
type Person = { _id?: string; name: string; mobile?: string; developer?: boolean };
async function home(manager: string, poiId: string, room: string, area: string, persons: Person[], over: Record<string, unknown> = {}) {
  const res = await api(t).post('/v1/manage/units/save', { poiId, building: '1', unit: '1', room, area, persons, ...over }, manager);
  if (res.statusCode !== 200) throw new Error(`unit not saved: ${res.body}`);
  return res.json().data._id as string;
}

/**
 * The issue's register: 张三 buys 101 and 102 and holds 103 with 李四; 王五 and 赵六 hold 104;
 * the developer still holds 105–107 (no mobile registered). Art. 9: 4 owners.
 */
async function issueRegister() {
  const c = await newCommunity(t);
  const [zhang, li, wang, zhao] = await owners(t, 4);
  const zs = { name: '张三', mobile: zhang!.mobile };
  await home(c.manager, c.poiId, '101', '100', [zs], { areaSource: 1, certNo: '京(2020)朝阳区不动产权第0012345号' });
  await home(c.manager, c.poiId, '102', '100', [zs], { areaSource: 1 });
  await home(c.manager, c.poiId, '103', '100', [zs, { name: '李四', mobile: li!.mobile }], { areaSource: 2 });
  await home(c.manager, c.poiId, '104', '120.58', [{ name: '王五', mobile: wang!.mobile }, { name: '赵六', mobile: zhao!.mobile }], { areaSource: 3 });
  const dev = [{ name: '某某置业有限公司', developer: true }];
  for (const room of ['105', '106', '107']) await home(c.manager, c.poiId, room, '30', dev);
  return { ...c, zhang: zhang!, li: li!, wang: wang!, zhao: zhao! };
}

describe('owners as persons (法释〔2009〕7号 art. 9)', () => {
  it('records each home’s owners as persons, the developer, the area’s source and a masked certificate number', async () => {
    const c = await issueRegister();
    const list = (await api(t).post('/v1/manage/units', { poiId: c.poiId }, c.manager)).json().data;
    expect(list.register).toEqual({ units: 7, area: '510.58', withOwners: 4, owners: 4 });
    const first = list.units.find((u: { room: string }) => u.room === '101');
    expect(first.persons).toEqual([{ _id: expect.any(String), name: '张三', mobile: `${c.zhang.mobile.slice(0, 3)}****${c.zhang.mobile.slice(-4)}`, developer: false }]);
    expect(first.owners).toEqual([first.persons[0].mobile]);
    expect(first.areaSource).toBe(1);
    expect(first.certNo).toBe('京(20****345号');
    const dev = list.units.find((u: { room: string }) => u.room === '105');
    expect(dev.persons).toEqual([{ _id: expect.any(String), name: '某某置业有限公司', mobile: '', developer: true }]);
    // The same person on two homes is one person of the register.
    const second = list.units.find((u: { room: string }) => u.room === '102');
    expect(second.persons[0]._id).toBe(first.persons[0]._id);
    // Encrypted at rest: neither the name nor the certificate number is in the database as written.
    const raw = (await t.database.db.execute(`select u.cert_enc, p.name_enc from units u join unit_holders h on h.unit_id = u.id join owner_persons p on p.id = h.person_id where u.poi_id = '${c.poiId}'`)) as unknown as { rows: Record<string, string | null>[] };
    expect(JSON.stringify(raw.rows)).not.toMatch(/张三|不动产权/);
  });

  it('keeps a listed person’s mobile when the form sends them back without one, and audits the change without personal data', async () => {
    const c = await issueRegister();
    const list = async () => (await api(t).post('/v1/manage/units', { poiId: c.poiId }, c.manager)).json().data;
    const before = (await list()).units.find((u: { room: string }) => u.room === '101');
    const person = before.persons[0];
    await home(c.manager, c.poiId, '101', '101.5', [{ _id: person._id, name: '张三' }], { _id: before._id });
    const after = (await list()).units.find((u: { room: string }) => u.room === '101');
    expect(after.persons).toEqual([person]);
    expect(after.area).toBe('101.50');
    // Left out, the certificate number and the area's source stay as recorded.
    expect(after.certNo).toBe('京(20****345号');
    // 张三 still votes for 101.
    const { id } = await ownersVote(t, c.manager, c.poiId, { matterItem: 1 });
    expect((await detail(id, c.zhang.token)).myUnits.map((u: { label: string }) => u.label)).toContain('1栋1单元101');
    const audited = (await t.database.db.execute(`select detail::text as d from audit_log where action = 'units.save' and subject_id = '${before._id}'`)) as unknown as { rows: { d: string }[] };
    expect(audited.rows.length).toBeGreaterThanOrEqual(2);
    for (const r of audited.rows) expect(r.d).not.toMatch(/张三|1[3-9]\d{9}|不动产权/);
  });

  it('refuses a bad owner with a clear message and writes nothing', async () => {
    const c = await newCommunity(t);
    const bad = async (persons: unknown, over: Record<string, unknown> = {}) =>
      (await api(t).post('/v1/manage/units/save', { poiId: c.poiId, building: '1', room: '101', area: '90', persons, ...over }, c.manager)).json();
    expect((await bad([{ name: '' }])).message).toBe('请输入业主姓名或名称（最多50个字）');
    expect((await bad([{ name: '张三', mobile: '123' }])).message).toBe('业主手机号不正确（可不填）');
    expect((await bad([{ name: '张三' }, { name: '张三' }])).message).toBe('同一户不能重复填写同一位业主');
    expect((await bad([{ name: '张三' }], { areaSource: 4 })).message).toBe('请选择面积来源：登记、实测或合同');
    const list = (await api(t).post('/v1/manage/units', { poiId: c.poiId }, c.manager)).json().data;
    expect(list.register.units).toBe(0);
  });

  it('counts the issue’s register as 4 owners and the matter passes (the old count made 7 and 未通过)', async () => {
    const c = await issueRegister();
    const { id, agree } = await ownersVote(t, c.manager, c.poiId, { matterItem: 4 });
    expect((await vote(id, agree, c.zhang.token)).statusCode).toBe(200);
    expect((await vote(id, agree, c.wang.token)).statusCode).toBe(200);
    // 李四's only home, 103, was cast by 张三 already.
    expect((await vote(id, agree, c.li.token)).json().message).toBe('你名下的房屋已投票');
    t.clock.advance(8 * DAY);
    const d = await detail(id, c.manager);
    expect(d.poll.owners).toMatchObject({
      matterItem: 4,
      matterText: '民法典第二百七十八条第一款第（四）项：选聘和解聘物业服务企业或者其他管理人',
      total: { units: 7, area: '510.58', owners: 4 },
      voted: { units: 4, area: '420.58', owners: 3 },
      areaSources: { registered: 2, surveyed: 1, contract: 1, unknown: 3 },
      outcome: 'passed',
    });
    expect(d.poll.owners.countRule).toContain('第九条');
    // The workbook says how owners were counted and holds, per home, what a recount needs.
    const res = await t.app.inject({ method: 'POST', url: `/v1/polls/${id}/export`, payload: { token: c.manager } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('结果')!;
    const cells = sheet.getSheetValues().flat().map(String);
    expect(cells.join('|')).toContain('第九条');
    expect(cells).toContain('小区');
    const homes = book.getWorksheet('每户表决')!;
    expect(homes.getRow(1).values).toEqual([undefined, '房屋', '专有部分面积（㎡）', '面积来源', '业主编号', '表决意见']);
    const rows = homes.getSheetValues().slice(2).map((r) => (r as unknown[]).slice(1));
    expect(rows).toEqual([
      ['1栋1单元101', 100, '登记', 1, '同意'],
      ['1栋1单元102', 100, '登记', 1, '同意'],
      ['1栋1单元103', 100, '实测', 2, '同意'],
      ['1栋1单元104', 120.58, '合同', 3, '同意'],
      ['1栋1单元105', 30, '未登记来源', 4, '未投票'],
      ['1栋1单元106', 30, '未登记来源', 4, '未投票'],
      ['1栋1单元107', 30, '未登记来源', 4, '未投票'],
    ]);
  });

  it('sets the threshold from the item of art. 278: using the maintenance fund is ordinary, raising it needs three quarters', async () => {
    const c = await issueRegister();
    const use = await ownersVote(t, c.manager, c.poiId, { title: '使用维修资金更换电梯', matterItem: 5 });
    const raise = await ownersVote(t, c.manager, c.poiId, { title: '筹集维修资金', matterItem: 6, matter: 0 });
    expect((await detail(use.id, c.manager)).poll.owners).toMatchObject({ matter: 0, matterItem: 5 });
    expect((await detail(raise.id, c.manager)).poll.owners).toMatchObject({ matter: 1, matterItem: 6 });
    const res = await api(t).post('/v1/polls', { title: 'x', end_time: '2099-01-01 00:00', owners: 1, poiId: c.poiId, matterItem: 10 }, c.manager);
    expect(res.json().message).toBe('请选择表决事项（民法典第二百七十八条所列事项）');
  });
});

describe('secrecy of a secret owners’ vote', () => {
  it('shows no tally before the deadline to anyone, staff included, and publishes rounded sums that match no single home', async () => {
    const c = await issueRegister();
    const { id, agree, against } = await ownersVote(t, c.manager, c.poiId, { secret: 1, hideResults: 0 });
    expect((await vote(id, agree, c.zhang.token)).statusCode).toBe(200);
    expect((await vote(id, against, c.wang.token)).statusCode).toBe(200);
    for (const who of [c.manager, c.zhang.token]) {
      const d = await detail(id, who);
      expect(d.poll.resultsHidden).toBe(true);
      expect(d.poll.options.map((o: { votes: number }) => o.votes)).toEqual([0, 0, 0]);
      expect(d.poll.owners.options).toEqual([]);
      expect(d.poll.owners.thresholds).toEqual([]);
    }
    t.clock.advance(8 * DAY);
    const d = await detail(id, c.manager);
    const sums = d.poll.owners.options.map((o: { area: string }) => o.area);
    expect(sums).toEqual(['300.00', '120.00', '0.00']);
    expect(d.poll.owners.areaRoundedTo).toBe(10);
    const homes = (await api(t).post('/v1/manage/units', { poiId: c.poiId }, c.manager)).json().data.units.map((u: { area: string }) => u.area);
    for (const s of sums.filter((a: string) => a !== '0.00')) expect(homes).not.toContain(s);
    // Decided on the exact sums: 420.58 of 510.58 m² took part.
    expect(d.poll.owners.outcome).toBe('passed');
  });

  it('publishes the receipts after the deadline: a voter finds theirs, and the list is as long as the ballots cast', async () => {
    const c = await issueRegister();
    const { id, agree, against } = await ownersVote(t, c.manager, c.poiId, { secret: 1 });
    const receipts = [(await vote(id, agree, c.zhang.token)).json().data.receipt, (await vote(id, against, c.wang.token)).json().data.receipt] as string[];
    expect((await api(t).get(`/v1/polls/${id}/receipts`, c.zhang.token)).json()).toEqual({ code: 409, message: '结果将在投票截止后公布', data: null });
    const open = await ownersVote(t, c.manager, c.poiId);
    t.clock.advance(8 * DAY);
    expect((await api(t).get(`/v1/polls/${open.id}/receipts`, c.zhang.token)).json()).toEqual({ code: 400, message: '这不是无记名投票，没有回执', data: null });
    const stranger = (await owners(t, 1))[0]!;
    expect((await api(t).get(`/v1/polls/${id}/receipts`, stranger.token)).statusCode).toBe(403);
    const published = (await api(t).get(`/v1/polls/${id}/receipts`, c.zhang.token)).json().data;
    // Two ballots: 张三's covers 101–103, 王五's covers 104.
    expect(published.ballots).toBe(2);
    expect(published.receipts).toHaveLength(published.ballots);
    expect(published.receipts).toEqual([...published.receipts].sort());
    const { createHash } = await import('node:crypto');
    for (const r of receipts) expect(published.receipts).toContain(createHash('sha256').update(`${id}:${r.replaceAll('-', '')}`).digest('base64url'));
    expect((await detail(id, c.zhang.token)).poll.owners.voted.units).toBe(4);
  });

  it('keeps no time, order or serial on the tables of secret ballots', async () => {
    const cols = (await t.database.db.execute(
      `select table_name, column_name, data_type, column_default from information_schema.columns where table_name in ('secret_voters','secret_tallies','secret_receipts') order by table_name, ordinal_position`,
    )) as unknown as { rows: { table_name: string; column_name: string; data_type: string; column_default: string | null }[] };
    expect(cols.rows.length).toBeGreaterThan(0);
    for (const c of cols.rows) {
      expect(c.data_type).not.toMatch(/time|date|interval/);
      expect(c.column_default ?? '').not.toMatch(/nextval|now\(\)|clock_timestamp/);
      expect(c.column_name).not.toMatch(/created|updated|_at$|seq|serial|sort|position/);
    }
  });
});
