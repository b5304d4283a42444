import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smallPhoto } from '../images/image-helpers';
import { freshMobile } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { addUnit, memberOf, newCommunity, owners, ownersVote } from './owners-helpers';
import { api, DAY } from './poll-helpers';

/** Issue 37: staff withdraw a written authorisation (撤销书面委托) before the proxy votes. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

const rows = async <T>(q: string) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
const countOf = async (table: string, where: string) => (await rows<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`))[0]!.n;
let photos = 0;
async function photoOf(token: string, poiId: string) {
  const res = await t.app.inject({ method: 'POST', url: `/v1/images?poiId=${poiId}&purpose=board`, payload: await smallPhoto(7000 + photos++), headers: { 'content-type': 'image/png', token } });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data.hash as string;
}
const vote = (id: string, option: string, token: string) => api(t).post('/v1/polls/vote', { id, options: option }, token);
const desk = async (id: string, token: string) => (await api(t).get(`/v1/polls/${id}/desk`, token)).json().data;
const unitIdOf = async (id: string, label: string, token: string) => (await desk(id, token)).units.find((u: { label: string }) => u.label === label).unitId as string;

async function setUp() {
  const c = await newCommunity(t);
  const [a, b, p1, p2] = await owners(t, 4);
  await addUnit(t, c.manager, c.poiId, { room: '101', area: '90', mobiles: [a!.mobile] });
  await addUnit(t, c.manager, c.poiId, { room: '102', area: '100', mobiles: [b!.mobile] });
  const v = await ownersVote(t, c.manager, c.poiId);
  const home101 = await unitIdOf(v.id, '1栋1单元101', c.manager);
  const home102 = await unitIdOf(v.id, '1栋1单元102', c.manager);
  const written = async (unitId: string, mobile: string) => {
    const res = await api(t).post(`/v1/polls/${v.id}/proxy/written`, { unitId, mobile, photo: await photoOf(c.manager, c.poiId) }, c.manager);
    expect(res.statusCode).toBe(200);
  };
  const withdraw = (body: Record<string, unknown>, token: string) => api(t).post(`/v1/polls/${v.id}/proxy/written/withdraw`, body, token);
  return { ...c, ...v, a: a!, b: b!, p1: p1!, p2: p2!, home101, home102, written, withdraw };
}

describe('POST /v1/polls/:id/proxy/written/withdraw', () => {
  it('staff withdraw it with a reason: the proxy may no longer vote, the owner names another proxy; kept as 已撤销, audited, the owner told', async () => {
    const s = await setUp();
    await s.written(s.home101, s.p1.mobile);
    const photo = (await desk(s.id, s.manager)).proxies[0].photo;
    const colleague = await memberOf(t, s.poiId, 1);

    expect((await s.withdraw({ unitId: s.home101, reason: '业主已书面撤销委托' }, colleague)).json()).toEqual({ code: 200, message: 'ok', data: { label: '1栋1单元101' } });
    expect(await countOf('poll_proxies', `poll_id = '${s.id}'`)).toBe(0);
    // The withdrawn proxy has no standing in the vote any more.
    expect((await vote(s.id, s.agree, s.p1.token)).statusCode).toBe(403);
    expect((await s.withdraw({ unitId: s.home101, reason: '业主已书面撤销委托' }, colleague)).json()).toEqual({ code: 404, message: '该房屋没有可撤销的书面委托', data: null });

    const view = await desk(s.id, s.manager);
    expect(view.proxies).toEqual([]);
    expect(view.withdrawn).toEqual([{ label: '1栋1单元101', mobile: expect.stringMatching(/\*{4}/), reason: '业主已书面撤销委托', by: expect.stringMatching(/\*{4}/), at: expect.any(Number), photo }]);
    // The photo keeps a use of its own, so the retention job keeps it.
    expect(await countOf('image_refs', `ref like 'ballot:proxy-withdrawn:%' and poi_id = '${s.poiId}'`)).toBe(1);
    const audit = await rows<{ detail: object }>(`select detail from audit_log where action = 'poll.owners.proxy.written.withdraw' and subject_id = '${s.id}'`);
    expect(audit).toEqual([{ detail: { home: '1栋1单元101', reason: '业主已书面撤销委托' } }]);
    const told = (await api(t).post('/v1/notifications', {}, s.a.token)).json().data.notifications as { body: string }[];
    expect(told.some((n) => n.body.includes('书面委托撤销（已撤销，理由：业主已书面撤销委托）'))).toBe(true);

    // The owner names another proxy in the app, who votes.
    expect((await api(t).post(`/v1/polls/${s.id}/proxy`, { mobile: s.p2.mobile }, s.a.token)).json().data.labels).toEqual(['1栋1单元101']);
    expect((await vote(s.id, s.against, s.p2.token)).statusCode).toBe(200);
  });

  it('after the withdrawal the owner votes themselves; refused once the proxy voted, and after the deadline', async () => {
    const s = await setUp();
    await s.written(s.home101, s.p1.mobile);
    await s.written(s.home102, s.p2.mobile);
    expect((await s.withdraw({ unitId: s.home101, reason: '录错房屋' }, s.manager)).statusCode).toBe(200);
    expect((await vote(s.id, s.agree, s.a.token)).statusCode).toBe(200);
    // 102's proxy voted: the authorisation has been used.
    expect((await vote(s.id, s.against, s.p2.token)).statusCode).toBe(200);
    expect((await s.withdraw({ unitId: s.home102, reason: '业主已书面撤销委托' }, s.manager)).json()).toEqual({ code: 409, message: '该房屋已投票，书面委托不能再撤销', data: null });
    expect(await countOf('poll_proxies', `poll_id = '${s.id}'`)).toBe(1);
    const d = (await api(t).get(`/v1/polls/${s.id}`, s.manager)).json().data.poll.owners;
    expect(d.channels).toEqual({ online: 1, proxy: 1, paper: 0 });

    const s2 = await setUp();
    await s2.written(s2.home101, s2.p1.mobile);
    t.clock.advance(8 * DAY);
    expect((await s2.withdraw({ unitId: s2.home101, reason: '录错房屋' }, s2.manager)).json()).toEqual({ code: 409, message: '表决已结束，书面委托不能再撤销', data: null });
    t.clock.advance(-8 * DAY);
    expect(await countOf('poll_proxies', `poll_id = '${s2.id}'`)).toBe(1);
  });

  it('a proxy voting while staff withdraw the authorisation: the vote waits and is refused, never a ballot of a withdrawn proxy', async () => {
    const s = await setUp();
    await s.written(s.home101, s.p1.mobile);
    // The withdrawal is held at its last statement (the photo's use moves to the withdrawn row):
    // its changes are made, not committed, while the proxy votes.
    let release!: () => void;
    let locked!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const isLocked = new Promise<void>((r) => (locked = r));
    const holder = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from image_refs where ref = ${`ballot:proxy:${s.id}:${s.home101}`} for update`);
      locked();
      await held;
    });
    await isLocked;
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const withdrawing = s.withdraw({ unitId: s.home101, reason: '业主已书面撤销委托' }, s.manager);
    await sleep(300);
    const voting = vote(s.id, s.agree, s.p1.token);
    await sleep(300);
    release();
    await holder;
    const [w, v] = await Promise.all([withdrawing, voting]);
    expect(w.statusCode).toBe(200);
    expect(v.json()).toEqual({ code: 403, message: expect.any(String), data: null });
    expect(await countOf('owner_ballots', `poll_id = '${s.id}'`)).toBe(0);
    expect(await countOf('withdrawn_proxies', `poll_id = '${s.id}'`)).toBe(1);
    // The owner still votes for the home.
    expect((await vote(s.id, s.against, s.a.token)).statusCode).toBe(200);
  });

  it('is refused to a resident, to duty staff and to another community’s staff; a bad reason or home is a 400; nothing written', async () => {
    const s = await setUp();
    const other = await newCommunity(t);
    const duty = await memberOf(t, s.poiId, 2);
    await s.written(s.home101, s.p1.mobile);
    const reason = '业主已书面撤销委托';
    expect((await s.withdraw({ unitId: s.home101, reason }, s.a.token)).statusCode).toBe(403);
    expect((await s.withdraw({ unitId: s.home101, reason }, duty)).json()).toEqual({ code: 403, message: '只有社区管理员或管理人员可以录入纸质票和书面委托', data: null });
    expect((await s.withdraw({ unitId: s.home101, reason }, other.manager)).statusCode).toBe(403);
    const bad = '请填写撤销理由（2至200个字）';
    for (const r of [undefined, '', ' 撤 ', '撤'.repeat(201), 12345, ['撤销委托']]) expect((await s.withdraw({ unitId: s.home101, reason: r }, s.manager)).json()).toEqual({ code: 400, message: bad, data: null });
    expect((await s.withdraw({ reason }, s.manager)).json()).toEqual({ code: 400, message: '请选择房屋', data: null });
    expect((await s.withdraw({ unitId: crypto.randomUUID(), reason }, s.manager)).json()).toEqual({ code: 400, message: '该房屋不在本次表决的名册中', data: null });
    // 102 has no written authorisation; an owner's proxy named in the app is not staff's to withdraw.
    expect((await api(t).post(`/v1/polls/${s.id}/proxy`, { mobile: freshMobile() }, s.b.token)).statusCode).toBe(200);
    expect((await s.withdraw({ unitId: s.home102, reason }, s.manager)).statusCode).toBe(404);
    expect(await countOf('poll_proxies', `poll_id = '${s.id}'`)).toBe(2);
    expect(await countOf('withdrawn_proxies', `poll_id = '${s.id}'`)).toBe(0);
    expect(await countOf('audit_log', `action = 'poll.owners.proxy.written.withdraw' and subject_id = '${s.id}'`)).toBe(0);
  });
});
