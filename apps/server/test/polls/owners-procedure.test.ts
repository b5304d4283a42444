import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { api, beijingIn, DAY } from './poll-helpers';
import { newCommunity, owners, ownersVote } from './owners-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

const vote = (id: string, option: string, token: string) => api(t).post('/v1/polls/vote', { id, options: option }, token);
const save = async (manager: string, poiId: string, body: Record<string, unknown>) => {
  const res = await api(t).post('/v1/manage/units/save', { poiId, building: '1', unit: '1', ...body }, manager);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data._id as string;
};

describe('the procedure of an owners’ vote (issue 37 item 3)', () => {
  it('opens voting no sooner than the notice period (15 days) after the announcement, and not before its start', async () => {
    const c = await newCommunity(t);
    const [o] = await owners(t, 1);
    await save(c.manager, c.poiId, { room: '101', area: '90', persons: [{ name: '张三', mobile: o!.mobile }] });
    const body = { title: '选聘物业服务企业', owners: 1, poiId: c.poiId, matterItem: 4 };
    const tooSoon = await api(t).post('/v1/polls', { ...body, start_time: beijingIn(t, 14 * DAY), end_time: beijingIn(t, 30 * DAY) }, c.manager);
    expect(tooSoon.json()).toEqual({ code: 400, message: '表决开始时间须在公告之日起满15天之后（本小区公告期为15天）', data: null });
    const backwards = await api(t).post('/v1/polls', { ...body, start_time: beijingIn(t, 20 * DAY), end_time: beijingIn(t, 16 * DAY) }, c.manager);
    expect(backwards.json().message).toBe('截止时间需晚于开始时间');
    const { id, agree } = await ownersVote(t, c.manager, c.poiId, { ...body, start_time: beijingIn(t, 16 * DAY), end_time: beijingIn(t, 30 * DAY) });
    const d = (await api(t).get(`/v1/polls/${id}`, c.manager)).json().data.poll.owners;
    expect(d.noticeDays).toBe(15);
    expect(d.start_time - d.announced).toBeGreaterThanOrEqual(15 * 86_400);
    expect((await vote(id, agree, o!.token)).json()).toEqual({ code: 409, message: '表决尚未开始，请在开始时间之后投票', data: null });
    t.clock.advance(17 * DAY);
    expect((await vote(id, agree, o!.token)).statusCode).toBe(200);
    t.clock.advance(-17 * DAY);
  });

  it('moves the vote to the buyer when a home is sold between the announcement and the start: the buyer votes, the seller is refused', async () => {
    const c = await newCommunity(t);
    const [seller, buyer, neighbour] = await owners(t, 3);
    const home = await save(c.manager, c.poiId, { room: '101', area: '90', persons: [{ name: '卖方', mobile: seller!.mobile }] });
    await save(c.manager, c.poiId, { room: '102', area: '90', persons: [{ name: '邻居', mobile: neighbour!.mobile }] });
    const { id, agree } = await ownersVote(t, c.manager, c.poiId, { matterItem: 1, start_time: beijingIn(t, 16 * DAY), end_time: beijingIn(t, 30 * DAY) });
    // The sale is recorded in the register before voting opens.
    t.clock.advance(5 * DAY);
    await save(c.manager, c.poiId, { _id: home, room: '101', area: '90', persons: [{ name: '买方', mobile: buyer!.mobile }] });
    t.clock.advance(12 * DAY);
    // The seller is no longer an owner of the community: refused like anyone outside it.
    expect((await vote(id, agree, seller!.token)).json()).toEqual({ code: 403, message: '本表决仅限本小区业主和管理人员查看', data: null });
    const cast = await vote(id, agree, buyer!.token);
    expect(cast.statusCode).toBe(200);
    expect(cast.json().data.myUnits).toEqual([{ label: '1栋1单元101', voted: true }]);
    // A sale after the start changes nothing for this vote: the roll was fixed when voting opened.
    await save(c.manager, c.poiId, { _id: home, room: '101', area: '90', persons: [{ name: '又一买方', mobile: seller!.mobile }] });
    expect((await vote(id, agree, seller!.token)).statusCode).toBe(403);
    const fixed = (await t.database.db.execute(`select count(*)::int as n from audit_log where action = 'poll.owners.roll' and subject_id = '${id}'`)) as unknown as { rows: { n: number }[] };
    expect(fixed.rows[0]!.n).toBe(1);
    t.clock.advance(-17 * DAY);
  });

  it('extends once with a reason, cancels with a reason, audits both, and takes no ballot after a cancellation', async () => {
    const c = await newCommunity(t);
    const [o] = await owners(t, 1);
    await save(c.manager, c.poiId, { room: '101', area: '90', persons: [{ name: '张三', mobile: o!.mobile }] });
    const { id, agree } = await ownersVote(t, c.manager, c.poiId, { matterItem: 2 });
    const extend = (body: Record<string, unknown>, token = c.manager) => api(t).post(`/v1/polls/${id}/extend`, body, token);
    expect((await extend({ end_time: beijingIn(t, 10 * DAY), reason: '' })).json().message).toBe('请填写理由（将告知全体业主）');
    expect((await extend({ end_time: beijingIn(t, 3 * DAY), reason: '参与户数不足' })).json().message).toBe('新的截止时间需晚于原截止时间');
    expect((await extend({ end_time: beijingIn(t, 10 * DAY), reason: '参与户数不足' }, o!.token)).statusCode).toBe(403);
    const done = await extend({ end_time: beijingIn(t, 10 * DAY), reason: '参与户数不足，延期三天' });
    expect(done.statusCode).toBe(200);
    expect((await extend({ end_time: beijingIn(t, 12 * DAY), reason: '再延一次' })).json()).toEqual({ code: 409, message: '本表决已延期过一次，不能再次延期', data: null });
    let d = (await api(t).get(`/v1/polls/${id}`, o!.token)).json().data.poll;
    expect(d.end_time).toBe(done.json().data.end_time);
    expect(d.owners.extendReason).toBe('参与户数不足，延期三天');

    const cancel = (reason: string, token = c.manager) => api(t).post(`/v1/polls/${id}/cancel`, { reason }, token);
    expect((await cancel('x')).json().message).toBe('请填写理由（将告知全体业主）');
    expect((await cancel('方案有误，重新表决', o!.token)).statusCode).toBe(403);
    expect((await cancel('方案有误，重新表决')).json().data).toEqual({ cancelled: true });
    expect((await cancel('又取消')).json().message).toBe('本表决已取消');
    expect((await vote(id, agree, o!.token)).json()).toEqual({ code: 409, message: '本表决已取消', data: null });
    d = (await api(t).get(`/v1/polls/${id}`, o!.token)).json().data.poll;
    expect(d.owners.cancelled).toEqual({ at: expect.any(Number), reason: '方案有误，重新表决' });
    const audited = (await t.database.db.execute(`select action from audit_log where subject_id = '${id}' order by action`)) as unknown as { rows: { action: string }[] };
    expect(audited.rows.map((r) => r.action)).toEqual(['poll.owners.cancel', 'poll.owners.create', 'poll.owners.extend']);
    // The owner was told of each step in 消息, with a link to the vote.
    const told = (await api(t).post('/v1/notifications', {}, o!.token)).json().data.notifications as { kind: string; body: string; link: string }[];
    const mine = told.filter((n) => n.kind === 'ownersVote');
    expect(mine).toHaveLength(3);
    for (const said of [/已发起，表决时间 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 至/, /已延期至 .*，原因：参与户数不足，延期三天/, /已取消，原因：方案有误，重新表决/]) expect(mine.some((n) => said.test(n.body))).toBe(true);
    expect(mine.every((n) => n.link === `/chiocevote?id=${id}`)).toBe(true);
  });
});
