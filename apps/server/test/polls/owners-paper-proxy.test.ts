import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { smallPhoto } from '../images/image-helpers';
import { api, DAY } from './poll-helpers';
import { addUnit, memberOf, newCommunity, owners, ownersVote } from './owners-helpers';
import { freshMobile } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

let photos = 0;
/** A photo uploaded by `token` to `poiId` (the images module: resized, EXIF removed); its hash. */
async function photoOf(token: string, poiId: string) {
  const res = await t.app.inject({ method: 'POST', url: `/v1/images?poiId=${poiId}&purpose=board`, payload: await smallPhoto(1000 + photos++), headers: { 'content-type': 'image/png', token } });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data.hash as string;
}
const rows = async <T>(q: string) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
const vote = (id: string, option: string, token: string) => api(t).post('/v1/polls/vote', { id, options: option }, token);
const paper = (id: string, body: Record<string, unknown>, token: string) => api(t).post(`/v1/polls/${id}/paper`, body, token);
const desk = async (id: string, token: string) => (await api(t).get(`/v1/polls/${id}/desk`, token)).json().data;
const unitIdOf = async (id: string, label: string, token: string) => (await desk(id, token)).units.find((u: { label: string }) => u.label === label).unitId as string;

/** A community with three homes: 101 (owner with an account), 102 (owner without one), 103 (owner with an account). */
async function setUp(over: Record<string, unknown> = {}) {
  const c = await newCommunity(t);
  const [a, c3] = await owners(t, 2);
  const noAccount = freshMobile();
  await addUnit(t, c.manager, c.poiId, { room: '101', area: '90', mobiles: [a!.mobile] });
  await addUnit(t, c.manager, c.poiId, { room: '102', area: '100', mobiles: [noAccount] });
  await addUnit(t, c.manager, c.poiId, { room: '103', area: '110', mobiles: [c3!.mobile] });
  const v = await ownersVote(t, c.manager, c.poiId, over);
  return { ...c, a: a!, c3: c3!, noAccount, ...v };
}

describe('paper ballots (issue 37 item 4)', () => {
  it('takes a signed paper ballot from staff with its photo, counts it once, tells the owners and refuses a second ballot for the home by any channel', async () => {
    const s = await setUp();
    const home101 = await unitIdOf(s.id, '1栋1单元101', s.manager);
    const home102 = await unitIdOf(s.id, '1栋1单元102', s.manager);
    const photo = await photoOf(s.manager, s.poiId);

    // Bad input: a Chinese 400 and nothing written.
    const before = await rows<{ n: number }>(`select count(*)::int as n from owner_ballots where poll_id = '${s.id}'`);
    expect((await paper(s.id, { unitId: home102, option: s.against }, s.manager)).json()).toEqual({ code: 400, message: '请上传业主签字的纸质表决票照片', data: null });
    expect((await paper(s.id, { unitId: home102, photo }, s.manager)).json().message).toBe('请选择表决意见（同意、反对或弃权）');
    expect((await paper(s.id, { option: s.against, photo }, s.manager)).json().message).toBe('请选择房屋');
    expect((await paper(s.id, { unitId: home102, option: s.against, photo: 'x'.repeat(43) }, s.manager)).json().message).toBe('请上传业主签字的纸质表决票照片');
    expect((await paper(s.id, { unitId: '00000000-0000-4000-8000-000000000000', option: s.against, photo }, s.manager)).json().message).toBe('该房屋不在本次表决的名册中');
    expect(await rows(`select count(*)::int as n from owner_ballots where poll_id = '${s.id}'`)).toEqual(before);

    // The owner of 102 has no account: the paper ballot counts, entered by the manager.
    const entered = await paper(s.id, { unitId: home102, option: s.against, photo }, s.manager);
    expect(entered.json()).toEqual({ code: 200, message: 'ok', data: { label: '1栋1单元102', receipt: null } });
    // Online, the owner of 101 votes; the paper ballot brought for 101 later is refused.
    expect((await vote(s.id, s.agree, s.a.token)).statusCode).toBe(200);
    const late = await paper(s.id, { unitId: home101, option: s.against, photo: await photoOf(s.manager, s.poiId) }, s.manager);
    expect(late.json()).toEqual({ code: 409, message: '1栋1单元101 已投票（每户只计第一张有效票），本票不计入', data: null });
    // And a second paper ballot for 102, and the online ballot again: refused.
    expect((await paper(s.id, { unitId: home102, option: s.agree, photo }, s.manager)).statusCode).toBe(409);
    expect((await vote(s.id, s.against, s.a.token)).statusCode).toBe(409);

    const d = (await api(t).get(`/v1/polls/${s.id}`, s.manager)).json().data.poll.owners;
    expect(d.voted).toEqual({ units: 2, area: '190.00', owners: 2 });
    expect(d.options.map((o: { units: number }) => o.units)).toEqual([1, 1, 0]);

    // The desk lists the paper ballot with its photo and who entered it, and the refused ones (never a choice).
    const view = await desk(s.id, s.manager);
    expect(view.paper).toEqual([{ label: '1栋1单元102', enteredBy: expect.stringMatching(/^1\d{2}\*{4}\d{4}$/), photo: { url: `/v1/images/${s.poiId}/${photo}`, thumbUrl: `/v1/images/${s.poiId}/${photo}/thumb` } }]);
    expect(view.refused.map((r: { label: string; channel: string }) => `${r.label} ${r.channel}`).sort()).toEqual(['1栋1单元101 纸质票', '1栋1单元101 线上', '1栋1单元102 纸质票']);
    expect(JSON.stringify(view.refused)).not.toMatch(/同意|反对|弃权/);
    // The photo is served to the staff (EXIF removed by the images module).
    expect((await t.app.inject({ method: 'GET', url: view.paper[0].photo.url, headers: { token: s.manager } })).statusCode).toBe(200);

    // Audited with who entered it; the owner without an account told by SMS.
    const audit = await rows<{ actor_id: string; detail: { home: string; choice?: string } }>(`select actor_id, detail from audit_log where action = 'poll.owners.paper' and subject_id = '${s.id}'`);
    expect(audit).toEqual([{ actor_id: expect.any(String), detail: { home: '1栋1单元102', choice: '反对' } }]);
    const sms = await rows<{ mobile_enc: string; body: string; channel: string }>(
      `select n.mobile_enc, n.body, d.channel from notifications n join notification_deliveries d on d.notification_id = n.id where n.kind = 'ownersVote' and n.dedupe_key like 'owners:paper:${s.id}:%'`,
    );
    expect(sms).toHaveLength(1);
    expect(t.pii.decrypt(sms[0]!.mobile_enc)).toBe(s.noAccount);
    expect(sms[0]!.channel).toBe('sms');
    expect(sms[0]!.body).toContain('工作人员已为您的房屋 1栋1单元102 录入纸质表决票，意见：反对。如非本人所投，请尽快联系物业。');
  });

  it('tells an owner with an account in 消息 (and by SMS), and in a secret vote hands a receipt, not the choice', async () => {
    const s = await setUp({ secret: 1 });
    const home103 = await unitIdOf(s.id, '1栋1单元103', s.manager);
    const entered = (await paper(s.id, { unitId: home103, option: s.abstain, photo: await photoOf(s.manager, s.poiId) }, s.manager)).json().data;
    expect(entered.receipt).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect((await vote(s.id, s.agree, s.c3.token)).json().message).toBe('你名下的房屋已投票');
    const told = (await api(t).post('/v1/notifications', {}, s.c3.token)).json().data.notifications as { kind: string; body: string }[];
    const note = told.find((n) => n.body.includes('纸质表决票'))!;
    expect(note.body).toContain(`回执码 ${entered.receipt}`);
    expect(note.body).not.toMatch(/同意|反对|弃权/);
    const audit = await rows<{ detail: object }>(`select detail from audit_log where action = 'poll.owners.paper' and subject_id = '${s.id}'`);
    expect(audit).toEqual([{ detail: { home: '1栋1单元103' } }]);
    // The ballot counts once; its receipt is in the list published after the deadline.
    t.clock.advance(8 * DAY);
    const published = (await api(t).get(`/v1/polls/${s.id}/receipts`, s.c3.token)).json().data;
    expect(published.ballots).toBe(1);
    expect((await api(t).post('/v1/polls/receipt', { id: s.id, receipt: entered.receipt })).json().data).toEqual({ counted: true });
    t.clock.advance(-8 * DAY);
    // No column of the paper ballots orders them.
    const columns = await rows<{ column_name: string }>(`select column_name from information_schema.columns where table_name = 'paper_ballots' order by 1`);
    expect(columns.map((c) => c.column_name)).toEqual(['entered_by', 'photo_hash', 'poll_id', 'unit_id']);
  });

  it('is for the community’s administrators and managers only: not duty staff, not owners, not another community', async () => {
    const s = await setUp();
    const other = await newCommunity(t);
    const duty = await memberOf(t, s.poiId, 2);
    const home = await unitIdOf(s.id, '1栋1单元102', s.manager);
    const photo = await photoOf(s.manager, s.poiId);
    const body = { unitId: home, option: s.agree, photo };
    expect((await paper(s.id, body, duty)).json()).toEqual({ code: 403, message: '只有社区管理员或管理人员可以录入纸质票和书面委托', data: null });
    expect((await paper(s.id, body, s.a.token)).statusCode).toBe(403);
    expect((await paper(s.id, body, other.manager)).statusCode).toBe(403);
    expect((await api(t).get(`/v1/polls/${s.id}/desk`, other.manager)).statusCode).toBe(403);
    // A photo another person uploaded cannot be claimed.
    expect((await paper(s.id, { ...body, photo: await photoOf(duty, s.poiId) }, s.manager)).json().message).toBe('请上传业主签字的纸质表决票照片');
    expect(await rows(`select * from owner_ballots where poll_id = '${s.id}'`)).toEqual([]);
  });
});

describe('proxies (委托, issue 37 item 4)', () => {
  it('lets an owner name a proxy by mobile; the proxy sees and casts the home’s one ballot, the owner is then refused', async () => {
    const s = await setUp();
    const [proxy] = await owners(t, 1);
    const name = (body: Record<string, unknown>, token: string) => api(t).post(`/v1/polls/${s.id}/proxy`, body, token);
    expect((await name({ mobile: '123' }, s.a.token)).json()).toEqual({ code: 400, message: '请输入正确的手机号', data: null });
    expect((await name({ mobile: s.a.mobile }, s.a.token)).json().message).toBe('不能委托给自己');
    expect((await name({ mobile: proxy!.mobile }, proxy!.token)).statusCode).toBe(403);
    expect(await rows(`select * from poll_proxies where poll_id = '${s.id}'`)).toEqual([]);

    const named = (await name({ mobile: proxy!.mobile }, s.a.token)).json();
    expect(named.data).toEqual({ labels: ['1栋1单元101'], mobile: expect.stringMatching(/\*{4}/) });
    expect((await name({ mobile: proxy!.mobile }, s.a.token)).json().message).toBe('您在本表决中没有可委托的房屋（房屋已投票或已委托）');
    // The proxy sees the vote with the home it covers, and votes for it.
    const seen = (await api(t).get(`/v1/polls/${s.id}`, proxy!.token)).json().data;
    expect(seen.myUnits).toEqual([{ label: '1栋1单元101', voted: false }]);
    expect((await vote(s.id, s.against, proxy!.token)).statusCode).toBe(200);
    expect((await vote(s.id, s.agree, s.a.token)).json()).toEqual({ code: 409, message: '你名下的房屋已投票', data: null });
    expect((await vote(s.id, s.agree, proxy!.token)).statusCode).toBe(409);
    const d = (await api(t).get(`/v1/polls/${s.id}`, s.manager)).json().data.poll.owners;
    expect(d.voted.units).toBe(1);
    expect(d.options.map((o: { units: number }) => o.units)).toEqual([0, 1, 0]);
    // Owners are still counted by the register, not by who may vote.
    expect(d.total.owners).toBe(3);
    const view = await desk(s.id, s.manager);
    expect(view.proxies).toEqual([{ label: '1栋1单元101', mobile: expect.stringMatching(/\*{4}/), written: false, photo: null }]);
    expect(view.refused.map((r: { channel: string }) => r.channel).sort()).toEqual(['委托人线上', '线上']);
  });

  it('takes a written authorisation from staff with its photo; the proxy votes, a paper ballot after it is refused', async () => {
    const s = await setUp({ secret: 1 });
    const [proxy] = await owners(t, 1);
    const home = await unitIdOf(s.id, '1栋1单元102', s.manager);
    const written = (body: Record<string, unknown>, token = s.manager) => api(t).post(`/v1/polls/${s.id}/proxy/written`, body, token);
    expect((await written({ unitId: home, mobile: proxy!.mobile })).json().message).toBe('请上传业主签字的书面委托书照片');
    const photo = await photoOf(s.manager, s.poiId);
    expect((await written({ unitId: home, mobile: proxy!.mobile, photo }, s.a.token)).statusCode).toBe(403);
    expect((await written({ unitId: home, mobile: proxy!.mobile, photo })).json().data).toEqual({ label: '1栋1单元102', mobile: expect.stringMatching(/\*{4}/) });
    expect((await written({ unitId: home, mobile: freshMobile(), photo })).json().message).toBe('该房屋已有委托人');
    const cast = (await vote(s.id, s.agree, proxy!.token)).json().data;
    expect(cast.receipt).toMatch(/^[A-Z2-9]{4}-/);
    const late = await paper(s.id, { unitId: home, option: s.against, photo: await photoOf(s.manager, s.poiId) }, s.manager);
    expect(late.json().message).toBe('1栋1单元102 已投票（每户只计第一张有效票），本票不计入');
    const view = await desk(s.id, s.manager);
    expect(view.proxies[0]).toMatchObject({ label: '1栋1单元102', written: true, photo: { url: `/v1/images/${s.poiId}/${photo}` } });
    expect((await api(t).get(`/v1/polls/${s.id}`, s.manager)).json().data.poll.voters).toBe(1);
  });
});
