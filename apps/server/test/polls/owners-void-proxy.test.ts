import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smallPhoto } from '../images/image-helpers';
import { freshMobile } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { addUnit, memberOf, newCommunity, owners, ownersVote } from './owners-helpers';
import { api, beijingIn, DAY } from './poll-helpers';

/** Issue 37, after paper ballots and proxies landed: voiding a paper ballot, withdrawing and keeping proxies, counts by channel. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

const rows = async <T>(q: string) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
const countOf = async (table: string, where: string) => (await rows<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`))[0]!.n;
let photos = 0;
async function photoOf(token: string, poiId: string) {
  const res = await t.app.inject({ method: 'POST', url: `/v1/images?poiId=${poiId}&purpose=board`, payload: await smallPhoto(5000 + photos++), headers: { 'content-type': 'image/png', token } });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data.hash as string;
}
const vote = (id: string, option: string, token: string) => api(t).post('/v1/polls/vote', { id, options: option }, token);
const desk = async (id: string, token: string) => (await api(t).get(`/v1/polls/${id}/desk`, token)).json().data;
const unitIdOf = async (id: string, label: string, token: string) => (await desk(id, token)).units.find((u: { label: string }) => u.label === label).unitId as string;
async function workbook(id: string, token: string) {
  const res = await t.app.inject({ method: 'POST', url: `/v1/polls/${id}/export`, payload: { token } });
  expect(res.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return book;
}
const cells = (sheet: ExcelJS.Worksheet) => {
  const out: string[] = [];
  sheet.eachRow((r) => out.push((r.values as unknown[]).slice(1).map((v) => (v instanceof Date ? 'date' : String(v ?? ''))).join('|')));
  return out;
};

async function setUp(over: Record<string, unknown> = {}) {
  const c = await newCommunity(t);
  const [a, b] = await owners(t, 2);
  await addUnit(t, c.manager, c.poiId, { room: '101', area: '90', mobiles: [a!.mobile] });
  await addUnit(t, c.manager, c.poiId, { room: '102', area: '100', mobiles: [b!.mobile] });
  const v = await ownersVote(t, c.manager, c.poiId, over);
  return { ...c, a: a!, b: b!, ...v };
}

describe('voiding a paper ballot entered for the wrong home', () => {
  it('a colleague voids it with a reason: out of the count, kept as 已作废 on the desk and the workbook, audited, the owner told; the right home’s ballot then counts', async () => {
    const s = await setUp();
    const colleague = await memberOf(t, s.poiId, 1);
    const duty = await memberOf(t, s.poiId, 2);
    const home101 = await unitIdOf(s.id, '1栋1单元101', s.manager);
    const home102 = await unitIdOf(s.id, '1栋1单元102', s.manager);
    const photo = await photoOf(s.manager, s.poiId);
    // The paper of 102 entered for 101 by mistake.
    expect((await api(t).post(`/v1/polls/${s.id}/paper`, { unitId: home101, option: s.against, photo }, s.manager)).statusCode).toBe(200);
    const voidIt = (body: Record<string, unknown>, token = colleague) => api(t).post(`/v1/polls/${s.id}/paper/void`, body, token);
    expect((await voidIt({ unitId: home101, reason: '' })).json()).toEqual({ code: 400, message: '请填写作废理由（2至200个字）', data: null });
    expect((await voidIt({ unitId: home101, reason: '录错房屋' }, duty)).statusCode).toBe(403);
    expect((await voidIt({ unitId: home101, reason: '录错房屋' }, s.a.token)).statusCode).toBe(403);
    expect((await voidIt({ unitId: home102, reason: '录错房屋' })).json()).toEqual({ code: 404, message: '该房屋没有可作废的纸质票', data: null });
    expect(await countOf('owner_ballots', `poll_id = '${s.id}'`)).toBe(1);

    expect((await voidIt({ unitId: home101, reason: '录错房屋，应为102室' })).json()).toEqual({ code: 200, message: 'ok', data: { label: '1栋1单元101' } });
    expect(await countOf('owner_ballots', `poll_id = '${s.id}'`)).toBe(0);
    expect((await voidIt({ unitId: home101, reason: '录错房屋' })).statusCode).toBe(404);
    // The right home's ballot is entered; 101's owner may still vote online.
    expect((await api(t).post(`/v1/polls/${s.id}/paper`, { unitId: home102, option: s.against, photo: await photoOf(s.manager, s.poiId) }, s.manager)).statusCode).toBe(200);
    expect((await vote(s.id, s.agree, s.a.token)).statusCode).toBe(200);
    const d = (await api(t).get(`/v1/polls/${s.id}`, s.manager)).json().data.poll.owners;
    expect(d.options.map((o: { units: number }) => o.units)).toEqual([1, 1, 0]);
    expect(d.channels).toEqual({ online: 1, proxy: 0, paper: 1 });

    const view = await desk(s.id, s.manager);
    expect(view.paper.map((p: { label: string }) => p.label)).toEqual(['1栋1单元102']);
    expect(view.refused).toEqual([
      { label: '1栋1单元101', channel: '纸质票', who: expect.stringMatching(/\*{4}/), at: expect.any(Number), voidReason: '录错房屋，应为102室', photo: { url: `/v1/images/${s.poiId}/${photo}`, thumbUrl: `/v1/images/${s.poiId}/${photo}/thumb` } },
    ]);
    const audit = await rows<{ detail: object }>(`select detail from audit_log where action = 'poll.owners.paper.void' and subject_id = '${s.id}'`);
    expect(audit).toEqual([{ detail: { home: '1栋1单元101', reason: '录错房屋，应为102室' } }]);
    const told = (await api(t).post('/v1/notifications', {}, s.a.token)).json().data.notifications as { body: string }[];
    expect(told.some((n) => n.body.includes('纸质表决票作废（已作废，理由：录错房屋，应为102室）'))).toBe(true);

    const book = await workbook(s.id, s.manager);
    expect(cells(book.getWorksheet('结果')!)).toContain('按投票方式（户）|线上1户，委托人0户，纸质票1户');
    expect(cells(book.getWorksheet('未计入的票')!)).toEqual(['房屋|方式|状态|时间|作废理由', '1栋1单元101|纸质票|已作废|date|录错房屋，应为102室']);

    // Not after the deadline.
    t.clock.advance(8 * DAY);
    expect((await voidIt({ unitId: home102, reason: '录错房屋' })).json()).toEqual({ code: 409, message: '表决已结束，纸质票不能再作废', data: null });
    t.clock.advance(-8 * DAY);
    expect(await countOf('owner_ballots', `poll_id = '${s.id}'`)).toBe(2);
  });

  it('is refused in a secret vote (its tally cannot give one home’s ballot back)', async () => {
    const s = await setUp({ secret: 1 });
    const home101 = await unitIdOf(s.id, '1栋1单元101', s.manager);
    await api(t).post(`/v1/polls/${s.id}/paper`, { unitId: home101, option: s.against, photo: await photoOf(s.manager, s.poiId) }, s.manager);
    expect((await api(t).post(`/v1/polls/${s.id}/paper/void`, { unitId: home101, reason: '录错房屋' }, s.manager)).json()).toEqual({
      code: 409,
      message: '无记名表决的纸质票计入后无法单独作废（票面不与房屋关联）',
      data: null,
    });
  });
});

describe('proxies: withdrawn, named in the notice period, kept across roll changes', () => {
  it('named in the notice period, shown to the owner, withdrawn and named again; kept when the roll is fixed at the start', async () => {
    const s = await setUp({ start_time: beijingIn(t, 16 * DAY), end_time: beijingIn(t, 30 * DAY) });
    const [p1, p2] = await owners(t, 2);
    const name = (mobile: string) => api(t).post(`/v1/polls/${s.id}/proxy`, { mobile }, s.a.token);
    const mine = async () => (await api(t).get(`/v1/polls/${s.id}/proxy`, s.a.token)).json().data.proxies;
    expect((await name(p1!.mobile)).json().data.labels).toEqual(['1栋1单元101']);
    expect(await mine()).toEqual([{ label: '1栋1单元101', mobile: expect.stringMatching(/\*{4}/), voted: false }]);
    const withdraw = (token = s.a.token) => api(t).post(`/v1/polls/${s.id}/proxy/withdraw`, {}, token);
    expect((await withdraw(s.b.token)).json()).toEqual({ code: 409, message: '您没有可撤回的委托（委托人已投票或委托不是您设立的）', data: null });
    expect((await withdraw()).json().data).toEqual({ labels: ['1栋1单元101'] });
    expect(await mine()).toEqual([]);
    expect(await countOf('audit_log', `action = 'poll.owners.proxy.withdraw' and subject_id = '${s.id}'`)).toBe(1);
    // The withdrawn proxy has no standing in the vote any more.
    expect((await api(t).get(`/v1/polls/${s.id}`, p1!.token)).statusCode).toBe(403);
    expect((await name(p2!.mobile)).statusCode).toBe(200);
    // Voting opens: the roll is fixed from the register, and the owner still owns 101 – the proxy stays and votes.
    t.clock.advance(17 * DAY);
    const cast = await vote(s.id, s.against, p2!.token);
    expect(cast.statusCode).toBe(200);
    expect(await mine()).toEqual([{ label: '1栋1单元101', mobile: expect.stringMatching(/\*{4}/), voted: true }]);
    expect((await withdraw()).statusCode).toBe(409);
    const d = (await api(t).get(`/v1/polls/${s.id}`, s.manager)).json().data.poll.owners;
    expect(d.channels).toEqual({ online: 0, proxy: 1, paper: 0 });
    t.clock.advance(-17 * DAY);
  });

  it('is dropped when the home was sold before the start', async () => {
    const c = await newCommunity(t);
    const [seller, buyer, proxy] = await owners(t, 3);
    const home = await addUnit(t, c.manager, c.poiId, { room: '101', area: '90', mobiles: [seller!.mobile] });
    const v = await ownersVote(t, c.manager, c.poiId, { start_time: beijingIn(t, 16 * DAY), end_time: beijingIn(t, 30 * DAY) });
    expect((await api(t).post(`/v1/polls/${v.id}/proxy`, { mobile: proxy!.mobile }, seller!.token)).statusCode).toBe(200);
    await addUnit(t, c.manager, c.poiId, { _id: home, room: '101', area: '90', mobiles: [buyer!.mobile] } as never);
    t.clock.advance(17 * DAY);
    expect((await vote(v.id, v.agree, proxy!.token)).statusCode).toBe(403);
    expect((await vote(v.id, v.agree, buyer!.token)).statusCode).toBe(200);
    expect(await countOf('poll_proxies', `poll_id = '${v.id}'`)).toBe(0);
    t.clock.advance(-17 * DAY);
  });

  it('a roll correction keeps the proxy while the owner who named it still owns the home, and drops it otherwise', async () => {
    const c = await newCommunity(t);
    const [a, coOwner, proxy, buyer] = await owners(t, 4);
    const home = await addUnit(t, c.manager, c.poiId, { room: '101', area: '90', mobiles: [a!.mobile] });
    const v = await ownersVote(t, c.manager, c.poiId);
    expect((await api(t).post(`/v1/polls/${v.id}/proxy`, { mobile: proxy!.mobile }, a!.token)).statusCode).toBe(200);
    const correct = () => api(t).post(`/v1/polls/${v.id}/corrections`, { label: '1栋1单元101', reason: '登记遗漏共有人' }, c.manager);
    // A co-owner added: the owner who named the proxy still owns the home.
    await addUnit(t, c.manager, c.poiId, { _id: home, room: '101', area: '90', mobiles: [a!.mobile, coOwner!.mobile] } as never);
    const done = await correct();
    expect(done.json().data).toEqual({ area: '90.00', voters: 2 });
    expect((await api(t).get(`/v1/polls/${v.id}`, proxy!.token)).json().data.myUnits).toEqual([{ label: '1栋1单元101', voted: false }]);
    // Sold: the proxy goes with the seller.
    await addUnit(t, c.manager, c.poiId, { _id: home, room: '101', area: '90', mobiles: [buyer!.mobile] } as never);
    expect((await correct()).statusCode).toBe(200);
    expect((await vote(v.id, v.agree, proxy!.token)).statusCode).toBe(403);
    expect(await countOf('poll_proxies', `poll_id = '${v.id}'`)).toBe(0);
    expect((await vote(v.id, v.agree, buyer!.token)).statusCode).toBe(200);
  });
});

describe('counts by channel', () => {
  it('a secret vote shows them only after the deadline, with the tally', async () => {
    const s = await setUp({ secret: 1 });
    const [proxy] = await owners(t, 1);
    const c3 = freshMobile();
    await addUnit(t, s.manager, s.poiId, { room: '103', area: '80', mobiles: [c3] });
    expect((await api(t).post(`/v1/polls/${s.id}/proxy`, { mobile: proxy!.mobile }, s.a.token)).statusCode).toBe(200);
    expect((await vote(s.id, s.agree, proxy!.token)).statusCode).toBe(200);
    expect((await vote(s.id, s.against, s.b.token)).statusCode).toBe(200);
    const detail = async () => (await api(t).get(`/v1/polls/${s.id}`, s.manager)).json().data.poll.owners;
    expect((await detail()).channels).toBeNull();
    t.clock.advance(8 * DAY);
    expect((await detail()).channels).toEqual({ online: 1, proxy: 1, paper: 0 });
    const book = await workbook(s.id, s.manager);
    expect(cells(book.getWorksheet('结果')!)).toContain('按投票方式（户）|线上1户，委托人1户，纸质票0户');
    t.clock.advance(-8 * DAY);
  });
});
