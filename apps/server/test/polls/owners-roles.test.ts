import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityAdmins, users } from '../../src/db/schema';
import { freshMobile } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { api, beijingIn, DAY, loginAs } from './poll-helpers';
import { memberOf, newCommunity, owners, ownersVote } from './owners-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

const rows = async <T>(query: string) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const countOf = async (table: string, where = 'true') => (await rows<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`))[0]!.n;
const save = async (manager: string, poiId: string, body: Record<string, unknown>) => {
  const res = await api(t).post('/v1/manage/units/save', { poiId, building: '1', unit: '1', ...body }, manager);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data._id as string;
};
/** A community with a manager and an administrator (community_admins). */
async function community() {
  const c = await newCommunity(t);
  const mobile = freshMobile();
  const admin = await loginAs(t, mobile);
  const [u] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.mobileHash, t.pii.hash(mobile)));
  await t.database.db.insert(communityAdmins).values({ userId: u!.id, poiId: c.poiId });
  return { ...c, admin };
}
const procedure = async (id: string, token: string) => (await api(t).get(`/v1/polls/${id}/procedure`, token)).json().data;

describe('业主委员会: named by the administrator, may start an owners’ vote that names it as the issuer', () => {
  it('lets the administrator name members, refuses managers, other communities and bad input (nothing written)', async () => {
    const c = await community();
    const other = await community();
    const [member] = await owners(t, 1);
    const add = (body: Record<string, unknown>, token: string) => api(t).post('/v1/manage/owners-committee/add', { poiId: c.poiId, ...body }, token);
    expect((await add({ name: '王主任', mobile: member!.mobile }, c.manager)).json()).toEqual({ code: 403, message: '只有社区管理员可以设置业主委员会成员', data: null });
    expect((await add({ name: '王主任', mobile: member!.mobile }, other.admin)).statusCode).toBe(403);
    expect((await add({ name: '王主任', mobile: '1234' }, c.admin)).json()).toEqual({ code: 400, message: '请输入正确的手机号', data: null });
    expect((await add({ name: ' ', mobile: member!.mobile }, c.admin)).json().message).toBe('请填写姓名（最多50个字）');
    expect(await countOf('owners_committee', `poi_id = '${c.poiId}'`)).toBe(0);
    expect((await add({ name: '王主任', mobile: member!.mobile }, c.admin)).statusCode).toBe(200);
    expect((await add({ name: '王主任', mobile: member!.mobile }, c.admin)).json().message).toBe('此手机号已是业主委员会成员');
    // Stored encrypted; shown masked to staff.
    const stored = await rows<{ name_enc: string; mobile_enc: string }>(`select name_enc, mobile_enc from owners_committee where poi_id = '${c.poiId}'`);
    expect(JSON.stringify(stored)).not.toContain(member!.mobile);
    expect(JSON.stringify(stored)).not.toContain('王主任');
    const list = (await api(t).get(`/v1/manage/owners-committee?poiId=${c.poiId}`, c.manager)).json().data;
    expect(list).toEqual({ members: [{ _id: expect.any(String), name: '王主任', mobile: `${member!.mobile.slice(0, 3)}****${member!.mobile.slice(7)}` }], canEdit: false });
    expect((await api(t).get(`/v1/manage/owners-committee?poiId=${c.poiId}`, other.manager)).statusCode).toBe(403);
    expect(await countOf('audit_log', `action = 'owners.committee.add' and poi_id = '${c.poiId}'`)).toBe(1);
  });

  it('a member starts a vote (the issuer is the 业主委员会); an owner who is not a member may not', async () => {
    const c = await community();
    const [member, owner] = await owners(t, 2);
    await save(c.manager, c.poiId, { room: '101', area: '90', persons: [{ name: '王主任', mobile: member!.mobile }] });
    await save(c.manager, c.poiId, { room: '102', area: '90', persons: [{ name: '李四', mobile: owner!.mobile }] });
    await api(t).post('/v1/manage/owners-committee/add', { poiId: c.poiId, name: '王主任', mobile: member!.mobile }, c.admin);
    const body = { title: '选聘物业服务企业', end_time: beijingIn(t, 7 * DAY), owners: 1, poiId: c.poiId, matterItem: 4 };
    expect((await api(t).post('/v1/polls', body, owner!.token)).statusCode).toBe(403);
    const { id } = await ownersVote(t, member!.token, c.poiId, body);
    expect((await procedure(id, owner!.token)).issuer).toEqual({ committee: true, name: `测试小区${c.poiId}业主委员会` });
    const byStaff = await ownersVote(t, c.manager, c.poiId, body);
    expect((await procedure(byStaff.id, owner!.token)).issuer).toEqual({ committee: false, name: `测试小区${c.poiId}` });
    expect(await countOf('audit_log', `action = 'poll.owners.create' and subject_id = '${id}' and actor_id is not null`)).toBe(1);
  });
});

describe('/v1/polls/owners-start: whether the caller may start an owners’ vote, and in whose name', () => {
  it('answers yes for a committee member (issuer the committee) and a manager (the community), no for an owner and duty staff, 403 for another community', async () => {
    const c = await community();
    const other = await community();
    const [member, owner] = await owners(t, 2);
    const duty = await memberOf(t, c.poiId, 2);
    await save(c.manager, c.poiId, { room: '101', area: '90', persons: [{ name: '李四', mobile: owner!.mobile }] });
    await api(t).post('/v1/manage/owners-committee/add', { poiId: c.poiId, name: '王主任', mobile: member!.mobile }, c.admin);
    const ask = async (token: string, poiId = c.poiId) => {
      const res = await api(t).get(`/v1/polls/owners-start?poiId=${poiId}`, token);
      return res.statusCode === 200 ? res.json().data : res.statusCode;
    };
    expect(await ask(member!.token)).toEqual({ canStart: true, committee: true, issuer: `测试小区${c.poiId}业主委员会`, noticeDays: 15 });
    expect(await ask(c.manager)).toEqual({ canStart: true, committee: false, issuer: `测试小区${c.poiId}`, noticeDays: 15 });
    expect(await ask(owner!.token)).toMatchObject({ canStart: false, issuer: '' });
    expect(await ask(duty)).toMatchObject({ canStart: false });
    expect(await ask(member!.token, other.poiId)).toBe(403);
    expect(await ask(other.manager)).toBe(403);
    // The answer follows the committee: a member removed may no longer start one.
    const [row] = (await api(t).get(`/v1/manage/owners-committee?poiId=${c.poiId}`, c.admin)).json().data.members;
    await api(t).post('/v1/manage/owners-committee/remove', { poiId: c.poiId, _id: row._id }, c.admin);
    expect(await ask(member!.token)).toBe(403);
    // Bad input: no community, a control character, an oversized one – a Chinese message, nothing else.
    for (const bad of ['', '%01', 'x'.repeat(65)]) {
      const res = await api(t).get(`/v1/polls/owners-start?poiId=${bad}`, c.manager);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message, bad).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});

describe('计票人 and 监票人 of a vote', () => {
  it('are named from the roll’s owners or staff, see a closed count before the deadline, and are refused otherwise', async () => {
    const c = await community();
    const [counter, owner] = await owners(t, 2);
    const duty = await memberOf(t, c.poiId, 2);
    await save(c.manager, c.poiId, { room: '101', area: '90', persons: [{ name: '赵计票', mobile: counter!.mobile }] });
    await save(c.manager, c.poiId, { room: '102', area: '95', persons: [{ name: '李四', mobile: owner!.mobile }] });
    const { id, agree } = await ownersVote(t, c.manager, c.poiId, { matterItem: 4, hideResults: 1 });
    const add = (body: Record<string, unknown>, token = c.manager) => api(t).post(`/v1/polls/${id}/officers`, body, token);
    expect((await add({ role: 'counter', name: '路人', mobile: freshMobile() })).json()).toEqual({ code: 400, message: '计票人、监票人须为本表决名册中的业主或本小区工作人员', data: null });
    expect((await add({ role: 'boss', name: '赵计票', mobile: counter!.mobile })).json().message).toBe('请选择计票人或监票人');
    expect((await add({ role: 'counter', name: '赵计票', mobile: counter!.mobile }, owner!.token)).statusCode).toBe(403);
    expect((await add({ role: 'counter', name: '赵计票', mobile: counter!.mobile }, duty)).statusCode).toBe(403);
    expect(await countOf('poll_officers', `poll_id = '${id}'`)).toBe(0);
    expect((await add({ role: 'counter', name: '赵计票', mobile: counter!.mobile })).statusCode).toBe(200);
    await api(t).post('/v1/polls/vote', { id, options: agree }, owner!.token);
    // The counter sees the count of a vote whose results are closed; another owner does not.
    const asCounter = (await api(t).get(`/v1/polls/${id}`, counter!.token)).json().data.poll;
    expect(asCounter.resultsHidden).toBe(false);
    expect(asCounter.owners.options[0]).toMatchObject({ units: 1, area: '95.00' });
    expect((await api(t).get(`/v1/polls/${id}`, owner!.token)).json().data.poll.resultsHidden).toBe(true);
    const p = await procedure(id, owner!.token);
    expect(p.officers).toEqual([{ _id: expect.any(String), role: 'counter', name: '赵计票', mobile: '' }]);
    expect(await countOf('audit_log', `action = 'poll.owners.officer' and subject_id = '${id}'`)).toBe(1);
  });

  it('of a secret vote see no count before the deadline, like everyone', async () => {
    const c = await community();
    const [counter] = await owners(t, 1);
    await save(c.manager, c.poiId, { room: '101', area: '90', persons: [{ name: '赵计票', mobile: counter!.mobile }] });
    const { id } = await ownersVote(t, c.manager, c.poiId, { matterItem: 4, secret: 1 });
    expect((await api(t).post(`/v1/polls/${id}/officers`, { role: 'scrutineer', name: '赵计票', mobile: counter!.mobile }, c.manager)).statusCode).toBe(200);
    expect((await api(t).get(`/v1/polls/${id}`, counter!.token)).json().data.poll.resultsHidden).toBe(true);
  });
});

describe('roll corrections after the start', () => {
  it('bring one unvoted home in line with the register, with a reason, audited, recorded and counted; refuse the rest', async () => {
    const c = await community();
    const other = await newCommunity(t);
    const [a, b, buyer] = await owners(t, 3);
    const home = await save(c.manager, c.poiId, { room: '101', area: '90', persons: [{ name: '张三', mobile: a!.mobile }] });
    await save(c.manager, c.poiId, { room: '102', area: '100', persons: [{ name: '李四', mobile: b!.mobile }] });
    const { id, agree } = await ownersVote(t, c.manager, c.poiId, { matterItem: 4 });
    await api(t).post('/v1/polls/vote', { id, options: agree }, b!.token);
    // The register is corrected: 101 was measured at 92.5 m² and belongs to the buyer.
    await save(c.manager, c.poiId, { _id: home, room: '101', area: '92.5', persons: [{ name: '买方', mobile: buyer!.mobile }] });
    const correct = (body: Record<string, unknown>, token = c.manager) => api(t).post(`/v1/polls/${id}/corrections`, body, token);
    expect((await correct({ label: '1栋1单元101', reason: '' })).json()).toEqual({ code: 400, message: '请填写更正理由（2至200个字，将记入表决记录）', data: null });
    expect((await correct({ label: '1栋1单元101', reason: '房屋已过户' }, other.manager)).statusCode).toBe(403);
    expect((await correct({ label: '1栋1单元101', reason: '房屋已过户' }, a!.token)).statusCode).toBe(403);
    expect((await correct({ label: '9栋1单元101', reason: '房屋已过户' })).json().message).toBe('该房屋不在本表决名册中：名册在公告时确定，不能增加房屋');
    expect((await correct({ label: '1栋1单元102', reason: '面积有误' })).json()).toEqual({ code: 409, message: '该房屋已投票，不能更正（更正会改变已计入的票）', data: null });
    expect(await countOf('poll_corrections', `poll_id = '${id}'`)).toBe(0);
    expect((await api(t).post('/v1/polls/vote', { id, options: agree }, buyer!.token)).statusCode).toBe(403);
    const done = await correct({ label: '1栋1单元101', reason: '房屋已过户并经实测' });
    expect(done.json().data).toEqual({ area: '92.50', voters: 1 });
    expect((await correct({ label: '1栋1单元101', reason: '再更正一次' })).json().message).toBe('房屋登记与名册一致，没有需要更正的内容：请先在房屋登记中修改该户');
    // The count uses the corrected roll: the total area, and the buyer votes, the seller does not.
    expect((await api(t).get(`/v1/polls/${id}`, c.manager)).json().data.poll.owners.total.area).toBe('192.50');
    expect((await api(t).post('/v1/polls/vote', { id, options: agree }, a!.token)).statusCode).toBe(403);
    expect((await api(t).post('/v1/polls/vote', { id, options: agree }, buyer!.token)).statusCode).toBe(200);
    expect((await api(t).get(`/v1/polls/${id}`, c.manager)).json().data.poll.owners.voted.area).toBe('192.50');
    const p = await procedure(id, c.manager);
    expect(p.corrections).toEqual([{ label: '1栋1单元101', at: expect.any(Number), reason: '房屋已过户并经实测', before: { area: '90.00', voters: 1 }, after: { area: '92.50', voters: 1 } }]);
    const audit = await rows<{ detail: { reason: string } }>(`select detail from audit_log where action = 'poll.owners.correct' and subject_id = '${id}'`);
    expect(audit.map((r) => r.detail.reason)).toEqual(['房屋已过户并经实测']);
    // The workbook holds the issuer, the dates, the officers and the correction, and per home the corrected area.
    await api(t).post(`/v1/polls/${id}/officers`, { role: 'counter', name: '李四', mobile: b!.mobile }, c.manager);
    const res = await t.app.inject({ method: 'POST', url: `/v1/polls/${id}/export`, payload: { token: c.manager } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const labels = new Map(book.getWorksheet('结果')!.getSheetValues().map((r) => (r as unknown[]).slice(1)).filter((r) => r.length > 1).map((r) => [String(r[0]), r[1]] as const));
    expect(labels.get('发布单位')).toBe(`测试小区${c.poiId}`);
    expect(labels.get('公告时间')).toBeInstanceOf(Date);
    expect(labels.get('表决开始')).toBeInstanceOf(Date);
    expect(String(labels.get('名册日期'))).toMatch(/^\d{4}-\d{2}-\d{2}（公告之日的房屋登记）$/);
    expect(labels.get('计票人')).toBe('李四');
    expect(labels.get('监票人')).toBe('未指定');
    expect(String(labels.get('名册更正'))).toMatch(/1栋1单元101：面积 90\.00→92\.50㎡，理由：房屋已过户并经实测$/);
    const homes = book.getWorksheet('每户表决')!.getSheetValues().slice(2).map((r) => (r as unknown[]).slice(1, 3));
    expect(homes).toEqual([['1栋1单元101', 92.5], ['1栋1单元102', 100]]);
  });

  it('are refused before the start (the register then counts by itself)', async () => {
    const c = await community();
    const [a] = await owners(t, 1);
    await save(c.manager, c.poiId, { room: '101', area: '90', persons: [{ name: '张三', mobile: a!.mobile }] });
    const { id } = await ownersVote(t, c.manager, c.poiId, { matterItem: 4, start_time: beijingIn(t, 16 * DAY), end_time: beijingIn(t, 30 * DAY) });
    expect((await api(t).post(`/v1/polls/${id}/corrections`, { label: '1栋1单元101', reason: '面积有误' }, c.manager)).json().message).toBe('表决尚未开始：开始前的房屋登记变更会在开始时自动计入名册，无需更正');
  });
});

describe('objections', () => {
  it('an owner sends one, staff see and answer it, the owner sees the answer and is told; others are refused', async () => {
    const c = await community();
    const other = await newCommunity(t);
    const [a, b, stranger] = await owners(t, 3);
    await save(c.manager, c.poiId, { room: '101', area: '90', persons: [{ name: '张三', mobile: a!.mobile }] });
    await save(c.manager, c.poiId, { room: '102', area: '90', persons: [{ name: '李四', mobile: b!.mobile }] });
    const { id } = await ownersVote(t, c.manager, c.poiId, { matterItem: 4 });
    const send = (text: unknown, token: string) => api(t).post(`/v1/polls/${id}/objections`, { text }, token);
    expect((await send('', a!.token)).json()).toEqual({ code: 400, message: '请填写异议内容（最多500个字）', data: null });
    expect((await send('长'.repeat(501), a!.token)).json().message).toBe('请填写异议内容（最多500个字）');
    expect((await send('名册有误', stranger!.token)).statusCode).toBe(403);
    expect((await send('名册有误', other.manager)).statusCode).toBe(403);
    expect(await countOf('poll_objections', `poll_id = '${id}'`)).toBe(0);
    const sent = await send('102室已出售，名册仍是原业主', a!.token);
    expect(sent.statusCode).toBe(200);
    await send('另一户的异议', b!.token);
    const oid = sent.json().data._id as string;
    const staffList = (await api(t).get(`/v1/polls/${id}/objections`, c.manager)).json().data.objections;
    expect(staffList).toHaveLength(2);
    expect(staffList[0]).toMatchObject({ homes: '1栋1单元101', text: '102室已出售，名册仍是原业主', answer: null });
    expect((await api(t).get(`/v1/polls/${id}/objections`, a!.token)).json().data.objections).toHaveLength(1);
    expect((await api(t).get(`/v1/polls/${id}/objections`, other.manager)).statusCode).toBe(403);

    const answer = (body: Record<string, unknown>, token = c.manager) => api(t).post(`/v1/polls/${id}/objections/answer`, { _id: oid, ...body }, token);
    expect((await answer({ answer: '' })).json().message).toBe('请填写答复（最多500个字）');
    expect((await answer({ answer: '已核实' }, other.manager)).statusCode).toBe(403);
    expect((await answer({ answer: '已核实' }, a!.token)).statusCode).toBe(403);
    expect((await answer({ answer: '已核实，将更正名册' })).json().data).toEqual({ answered: true });
    expect((await answer({ answer: '再答一次' })).json()).toEqual({ code: 409, message: '该异议已答复', data: null });
    const mine = (await api(t).get(`/v1/polls/${id}/objections`, a!.token)).json().data.objections;
    expect(mine[0]).toMatchObject({ mine: true, answer: '已核实，将更正名册', answeredAt: expect.any(Number) });
    const told = (await api(t).post('/v1/notifications', {}, a!.token)).json().data.notifications as { kind: string; body: string; link: string }[];
    expect(told.some((n) => n.kind === 'ownersVote' && /您的异议已于 .* 答复：已核实，将更正名册/.test(n.body) && n.link === `/chiocevote?id=${id}`)).toBe(true);
    expect(await countOf('audit_log', `subject_id = '${id}' and action in ('poll.owners.objection', 'poll.owners.answer')`)).toBe(3);
  });

  it('are taken until 15 days after the result, not later', async () => {
    const c = await community();
    const [a] = await owners(t, 1);
    await save(c.manager, c.poiId, { room: '101', area: '90', persons: [{ name: '张三', mobile: a!.mobile }] });
    const { id } = await ownersVote(t, c.manager, c.poiId, { matterItem: 4 });
    t.clock.advance(7 * DAY + 14 * DAY);
    expect((await procedure(id, a!.token)).canObject).toBe(true);
    expect((await api(t).post(`/v1/polls/${id}/objections`, { text: '结果有误' }, a!.token)).statusCode).toBe(200);
    t.clock.advance(2 * DAY);
    expect((await api(t).post(`/v1/polls/${id}/objections`, { text: '结果有误' }, a!.token)).json()).toEqual({ code: 409, message: '异议期已过：异议须在表决结果公布后15日内提出', data: null });
    t.clock.advance(-23 * DAY);
  });
});

describe('the notice period setting', () => {
  it('is set by the administrator (15–60 days), enforced for new votes, refused to managers and other communities', async () => {
    const c = await community();
    const other = await community();
    const set = (noticeDays: unknown, token = c.admin) => api(t).post('/v1/manage/owners-settings', { poiId: c.poiId, noticeDays }, token);
    expect((await api(t).get(`/v1/manage/owners-settings?poiId=${c.poiId}`, c.manager)).json().data).toEqual({ noticeDays: 15, min: 15, max: 60, canEdit: false });
    expect((await set(10)).json()).toEqual({ code: 400, message: '公告期须为15至60天的整数', data: null });
    expect((await set(20, c.manager)).json().message).toBe('只有社区管理员可以修改公告期');
    expect((await set(20, other.admin)).statusCode).toBe(403);
    expect(await countOf('owners_settings', `poi_id = '${c.poiId}'`)).toBe(0);
    expect((await set(20)).json().data).toEqual({ noticeDays: 20 });
    const [a] = await owners(t, 1);
    await save(c.manager, c.poiId, { room: '101', area: '90', persons: [{ name: '张三', mobile: a!.mobile }] });
    const early = await api(t).post('/v1/polls', { title: '选聘物业', owners: 1, poiId: c.poiId, matterItem: 4, start_time: beijingIn(t, 16 * DAY), end_time: beijingIn(t, 30 * DAY) }, c.manager);
    expect(early.json().message).toBe('表决开始时间须在公告之日起满20天之后（本小区公告期为20天）');
    expect(await countOf('audit_log', `action = 'owners.settings' and poi_id = '${c.poiId}'`)).toBe(1);
  });
});
