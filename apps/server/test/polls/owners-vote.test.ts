import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp } from '../support/test-app';
import { api, beijingIn, DAY, loginAs } from './poll-helpers';
import { addUnit, memberOf, newCommunity, owners, ownersVote } from './owners-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

const vote = (id: string, option: string, token: string) => api(t).post('/v1/polls/vote', { id, options: option }, token);
const detail = async (id: string, token?: string) => (await api(t).get(`/v1/polls/${id}`, token)).json().data;
const met = (d: { poll: { owners: { thresholds: { key: string; met: boolean }[] } } }) => Object.fromEntries(d.poll.owners.thresholds.map((th) => [th.key, th.met]));

/** A community of `n` units of 100 m², each with its own owner. */
async function estate(n: number, area = 100) {
  const c = await newCommunity(t);
  const people = await owners(t, n);
  for (const [i, p] of people.entries()) await addUnit(t, c.manager, c.poiId, { room: `${101 + i}`, area, mobiles: [p.mobile] });
  return { ...c, people };
}

describe('creating an owners’ vote (业主表决)', () => {
  it('is for the community’s administrator or manager, with a register, and copies the register as announced', async () => {
    const { poiId, manager, people } = await estate(3);
    const duty = await memberOf(t, poiId, 2);
    const other = await newCommunity(t);
    const body = { title: '选举业主委员会', end_time: beijingIn(t, DAY), owners: 1, poiId };
    expect((await api(t).post('/v1/polls', body, duty)).json().message).toBe('只有社区管理员、管理人员或业主委员会成员可以发起业主表决');
    expect((await api(t).post('/v1/polls', body, people[0]!.token)).statusCode).toBe(403);
    expect((await api(t).post('/v1/polls', body, other.manager)).statusCode).toBe(403);
    expect((await api(t).post('/v1/polls', { ...body, poiId: undefined }, manager)).json().message).toBe('请选择发起表决的小区');
    expect((await api(t).post('/v1/polls', { ...body, poiId: other.poiId }, other.manager)).json()).toEqual({ code: 400, message: '该小区还没有房屋登记，请先导入或添加房屋', data: null });
    expect((await api(t).post('/v1/polls', { ...body, matter: 5 }, manager)).json().message).toBe('请选择表决事项类型');

    const { id } = await ownersVote(t, manager, poiId, { matter: 1 });
    // A unit added after the announcement is not in this vote.
    await addUnit(t, manager, poiId, { room: '999', area: 500 });
    const d = await detail(id, manager);
    expect(d.poll.options.map((o: { title: string }) => o.title)).toEqual(['同意', '反对', '弃权']);
    expect(d.poll.owners).toMatchObject({ matter: 1, total: { units: 3, area: '300.00', owners: 3 }, voted: { units: 0, area: '0.00', owners: 0 }, outcome: 'open', listed: true });
    expect(d.canExport).toBe(true);
  });
});

describe('voting in an owners’ vote', () => {
  it('is open to owners in the register and the community’s staff only', async () => {
    const { poiId, manager, people } = await estate(2);
    const { id, agree } = await ownersVote(t, manager, poiId);
    const duty = await memberOf(t, poiId, 2);
    const stranger = await loginAs(t, '13800000004');
    expect((await api(t).get(`/v1/polls/${id}`)).statusCode).toBe(423);
    expect((await api(t).get(`/v1/polls/${id}`, stranger)).json()).toEqual({ code: 403, message: '本表决仅限本小区业主和管理人员查看', data: null });
    expect((await api(t).get(`/v1/polls/${id}/units`, stranger)).statusCode).toBe(403);
    expect((await detail(id, duty)).myUnits).toEqual([]);
    expect((await vote(id, agree, duty)).json()).toEqual({ code: 403, message: '本表决仅限登记在册的业主参与，请联系物业核对房屋登记', data: null });
    expect((await vote(id, agree, stranger)).statusCode).toBe(403);
    const mine = await detail(id, people[0]!.token);
    expect(mine.myUnits).toEqual([{ label: '1栋1单元101', voted: false }]);
    expect(mine.isVote).toBe('0');
    // An owner finds the vote in their list of polls.
    const listed = (await api(t).get('/v1/polls', people[0]!.token)).json().data.polls;
    expect(listed.map((p: { _id: string }) => p._id)).toContain(id);
  });

  it('casts one ballot for each of the owner’s units, counted by units, area and owners (one buyer of two units is one owner)', async () => {
    const { poiId, manager } = await newCommunity(t);
    const [a, b] = await owners(t, 2);
    await addUnit(t, manager, poiId, { room: '101', area: '80', mobiles: [a!.mobile] });
    await addUnit(t, manager, poiId, { room: '102', area: '120.5', mobiles: [a!.mobile] });
    await addUnit(t, manager, poiId, { room: '103', area: '99.5', mobiles: [b!.mobile] });
    const { id, agree } = await ownersVote(t, manager, poiId);
    const res = await vote(id, agree, a!.token);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.receipt).toBeNull();
    expect(d.myUnits).toEqual([
      { label: '1栋1单元101', voted: true },
      { label: '1栋1单元102', voted: true },
    ]);
    expect(d.isVote).toBe('1');
    expect(d.poll.options[0]).toMatchObject({ title: '同意', votes: 2, isVote: '1' });
    expect(d.poll.owners.total).toEqual({ units: 3, area: '300.00', owners: 2 });
    expect(d.poll.owners.voted).toEqual({ units: 2, area: '200.50', owners: 1 });
    expect(d.poll.owners.options[0]).toMatchObject({ units: 2, area: '200.50', owners: 1 });
    // 200.5 of 300 m² is past 2/3, but 1 of 2 owners is not.
    expect(met(d)).toEqual({ votedArea: true, votedOwners: false, agreeArea: true, agreeOwners: true });
    expect((await vote(id, agree, a!.token)).json()).toEqual({ code: 409, message: '你名下的房屋已投票', data: null });
  });

  it('lets the first of co-owners voting at once cast the unit’s ballot, and only that one', async () => {
    const { poiId, manager } = await newCommunity(t);
    const family = await owners(t, 4);
    await addUnit(t, manager, poiId, { room: '101', area: 100, mobiles: family.map((p) => p.mobile) });
    const { id, agree, against } = await ownersVote(t, manager, poiId);
    const answers = await Promise.all(family.map((p, i) => vote(id, i % 2 ? against : agree, p.token)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const rows = (await t.database.db.execute(`select count(*)::int as n from owner_ballots where poll_id = '${id}'`)) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]!.n).toBe(1);
    const d = await detail(id, manager);
    expect(d.poll.owners.voted).toEqual({ units: 1, area: '100.00', owners: 1 });
    expect((await detail(id, family[3]!.token)).myUnits).toEqual([{ label: '1栋1单元101', voted: true }]);
  });

  it('decides by art. 278 at the boundaries: exactly 2/3 takes part, exactly half does not pass, exactly 3/4 passes items 6–8', async () => {
    // Three equal units: two voting is exactly 2/3 of area and owners; one for, one against is exactly half.
    const e3 = await estate(3);
    const ordinary = await ownersVote(t, e3.manager, e3.poiId);
    await vote(ordinary.id, ordinary.agree, e3.people[0]!.token);
    await vote(ordinary.id, ordinary.against, e3.people[1]!.token);
    let d = await detail(ordinary.id, e3.manager);
    expect(met(d)).toEqual({ votedArea: true, votedOwners: true, agreeArea: false, agreeOwners: false });
    expect(d.poll.owners).toMatchObject({ outcome: 'open', passingNow: false });

    // Four units, items 6–8: three of four agreeing is exactly 3/4 and passes; an abstention counts as not agreeing.
    const e4 = await estate(4);
    const special = await ownersVote(t, e4.manager, e4.poiId, { matter: 1 });
    for (const p of e4.people.slice(0, 3)) await vote(special.id, special.agree, p.token);
    await vote(special.id, special.abstain, e4.people[3]!.token);
    d = await detail(special.id, e4.manager);
    expect(met(d)).toEqual({ votedArea: true, votedOwners: true, agreeArea: true, agreeOwners: true });
    expect(d.poll.owners.passingNow).toBe(true);

    // Six units, three voting all for: one unit short of 2/3 participation, so it cannot pass.
    const e6 = await estate(6);
    const short = await ownersVote(t, e6.manager, e6.poiId);
    for (const p of e6.people.slice(0, 3)) await vote(short.id, short.agree, p.token);
    d = await detail(short.id, e6.manager);
    expect(met(d)).toEqual({ votedArea: false, votedOwners: false, agreeArea: true, agreeOwners: true });
    await vote(short.id, short.agree, e6.people[3]!.token);
    expect((await detail(short.id, e6.manager)).poll.owners.passingNow).toBe(true);

    // At the deadline the outcome is final: the special matter passed, the ordinary one failed.
    t.clock.advance(8 * DAY);
    expect((await detail(special.id, e4.manager)).poll.owners.outcome).toBe('passed');
    expect((await detail(ordinary.id, e3.manager)).poll.owners.outcome).toBe('failed');
    expect((await vote(ordinary.id, ordinary.agree, e3.people[2]!.token)).json().message).toBe('投票已过期');
  });

  it('shows owners and staff each unit’s choice, and exports the result with its thresholds', async () => {
    const { poiId, manager, people } = await estate(3);
    const { id, agree, against } = await ownersVote(t, manager, poiId);
    await vote(id, agree, people[0]!.token);
    await vote(id, against, people[1]!.token);
    const list = (await api(t).get(`/v1/polls/${id}/units`, people[2]!.token)).json().data.units;
    expect(list).toEqual([
      { label: '1栋1单元101', area: '100.00', choice: '同意' },
      { label: '1栋1单元102', area: '100.00', choice: '反对' },
      { label: '1栋1单元103', area: '100.00', choice: null },
    ]);
    // Owners may read; only the creator and the community's managers export – not its duty staff.
    expect((await t.app.inject({ method: 'POST', url: `/v1/polls/${id}/export`, payload: { token: people[0]!.token } })).statusCode).toBe(403);
    const dutyStaff = await memberOf(t, poiId, 2);
    expect((await t.app.inject({ method: 'POST', url: `/v1/polls/${id}/export`, payload: `token=${encodeURIComponent(dutyStaff)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } })).json()).toEqual({ code: 403, message: '只有发起人或社区管理人员可以导出结果', data: null });
    const res = await t.app.inject({ method: 'POST', url: `/v1/polls/${id}/export`, payload: `token=${encodeURIComponent(manager)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('结果')!;
    const rows = sheet.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(rows).toContainEqual(['参与表决', 2, 200, 2]);
    expect(rows).toContainEqual(['参与表决的专有部分面积', '≥ 2/3 总面积', 200, 300, '达到']);
    expect(rows).toContainEqual(['同意的业主人数', '> 1/2 参与表决人数', 1, 2, '未达到']);
    // The deadline is a date cell showing Beijing's wall clock, so a spreadsheet can sort and filter by it.
    const deadline = (await api(t).get(`/v1/polls/${id}`, manager)).json().data.poll.end_time as number;
    expect(rows.find((r) => r[0] === '截止时间')![1]).toEqual(new Date(deadline * 1000 + 8 * 3600_000));
    const units = workbook.getWorksheet('每户表决')!.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(units).toEqual([
      ['房屋', '专有部分面积（㎡）', '面积来源', '业主编号', '表决意见'],
      ['1栋1单元101', 100, '未登记来源', 1, '同意'],
      ['1栋1单元102', 100, '未登记来源', 2, '反对'],
      ['1栋1单元103', 100, '未登记来源', 3, '未投票'],
    ]);
    const audited = (await t.database.db.execute(`select action, rows from audit_log where subject_id = '${id}' order by action`)) as unknown as { rows: unknown[] };
    // The vote's creation is audited too (issue 37).
    expect(audited.rows).toEqual([
      { action: 'poll.export', rows: 3 },
      { action: 'poll.owners.create', rows: 1 },
    ]);
  });

  it('lists a community’s owners’ votes for its staff only', async () => {
    const { poiId, manager, people } = await estate(2);
    const { id, agree } = await ownersVote(t, manager, poiId, { secret: 1 });
    await vote(id, agree, people[0]!.token);
    const listed = (await api(t).post('/v1/manage/ownerPolls', { poiId }, manager)).json().data;
    expect(listed.canCreate).toBe(true);
    expect(listed.polls).toMatchObject([{ _id: id, secret: true, votedUnits: 1, totalUnits: 2 }]);
    const duty = await memberOf(t, poiId, 2);
    expect((await api(t).post('/v1/manage/ownerPolls', { poiId }, duty)).json().data.canCreate).toBe(false);
    expect((await api(t).post('/v1/manage/ownerPolls', { poiId }, people[0]!.token)).statusCode).toBe(403);
  });

  it('keeps the units two co-owners share on one choice when both vote at once', async () => {
    const { poiId, manager } = await newCommunity(t);
    const [x, y] = await owners(t, 2);
    for (const room of ['101', '102', '103', '104']) await addUnit(t, manager, poiId, { room, area: 100, mobiles: [x!.mobile, y!.mobile] });
    const { id, agree, against } = await ownersVote(t, manager, poiId);
    const answers = await Promise.all([vote(id, agree, x!.token), vote(id, against, y!.token)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const d = await detail(id, manager);
    // One owner (the same two people), four units, one choice.
    expect(d.poll.owners.voted).toEqual({ units: 4, area: '400.00', owners: 1 });
    expect(d.poll.owners.options.filter((o: { units: number }) => o.units > 0)).toHaveLength(1);
  });

  it('answers bad votes with a message and writes nothing', async () => {
    const { poiId, manager, people } = await estate(2);
    const { id, agree, against } = await ownersVote(t, manager, poiId);
    const other = await ownersVote(t, manager, poiId);
    expect((await vote(id, [agree, against] as unknown as string, people[0]!.token)).json()).toEqual({ code: 400, message: '单选投票只能选择一项', data: null });
    expect((await vote(id, other.agree, people[0]!.token)).json()).toEqual({ code: 400, message: '选项不存在', data: null });
    expect((await vote('not-a-poll', agree, people[0]!.token)).json()).toEqual({ code: 404, message: '投票不存在', data: null });
    const plain = (await api(t).post('/v1/polls', { title: '普通投票', end_time: beijingIn(t, DAY), options: [{ title: '甲' }, { title: '乙' }], type: 0 }, manager)).json().data.poll._id;
    expect((await api(t).get(`/v1/polls/${plain}/units`, manager)).json()).toEqual({ code: 400, message: '这不是业主表决', data: null });
    const rows = (await t.database.db.execute(`select count(*)::int as n from owner_ballots where poll_id in ('${id}', '${other.id}')`)) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]!.n).toBe(0);
  });
});
