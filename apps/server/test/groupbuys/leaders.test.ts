import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeaderMsg } from '@sq/contract/groupbuys/group-buy-rules';
import { AUDIT_ACTION_LABELS } from '@sq/contract/manage/audit-log';
import { staffOf } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { rowsOf } from '../../src/db/client';
import { ADMIN, api as apiOf, approvedLeader, buyForm, countOf, HOME, loginAs, MANAGER, newJoiner, newResident, OTHER, publish } from './group-buy-helpers';

let t: TestApp;
let api: ReturnType<typeof apiOf>;
beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { LOG_LEVEL: 'warn' } });
  api = apiOf(t);
});
afterAll(() => t.close());

const form = (over: Record<string, unknown> = {}) => ({ poiId: HOME, displayName: '5号楼李姐', pickupPoint: '5号楼二单元门口', intro: '下午三点后在家', ...over });

describe('applying to be a 团长', () => {
  it('a resident applies once per community, also when 50 submits arrive at once', async () => {
    const me = await newResident(t);
    const answers = await Promise.all(Array.from({ length: 50 }, () => api.post('/v1/group-leaders', me.token, form())));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400).every((a) => a.message === LeaderMsg.alreadyApplied)).toBe(true);
    expect(await countOf(t, `select count(*) as n from group_leaders where user_id = '${me.userId}'`)).toBe(1);
    const mine = await api.get('/v1/group-leaders/mine', me.token);
    expect(mine.data.leaders).toMatchObject([{ poiId: HOME, status: 'pending', displayName: '5号楼李姐', community: expect.any(String) }]);
  });

  it('refuses someone who does not live there, and bad forms, writing nothing', async () => {
    const before = await countOf(t, 'select count(*) as n from group_leaders');
    const joiner = await newJoiner(t);
    expect((await api.post('/v1/group-leaders', joiner.token, form())).status).toBe(403);
    const me = await newResident(t);
    expect((await api.post('/v1/group-leaders', me.token, form({ displayName: '' }))).message).toBe(LeaderMsg.displayName);
    expect((await api.post('/v1/group-leaders', me.token, form({ pickupPoint: 'x'.repeat(61) }))).message).toBe(LeaderMsg.pickupPoint);
    expect((await api.post('/v1/group-leaders', me.token, form({ poiId: OTHER }))).status).toBe(403);
    expect(await countOf(t, 'select count(*) as n from group_leaders')).toBe(before);
  });
});

describe('reviewing applications', () => {
  it("the community's manager approves: audited with its words, the applicant told", async () => {
    const me = await newResident(t);
    const id = (await api.post('/v1/group-leaders', me.token, form())).data.leader.id;
    const manager = await loginAs(t, MANAGER);
    const list = await api.get(`/v1/group-leaders?poiId=${HOME}`, manager);
    const mine = list.data.applications.find((a: { id: string }) => a.id === id);
    expect(mine.applicant.mobile).toMatch(/^\d{3}\*{4}\d{4}$/);
    const ok = await api.post(`/v1/group-leaders/${id}/review`, manager, { decision: 'approve' });
    expect(ok.status, ok.message).toBe(200);
    expect(ok.data.leader.status).toBe('approved');
    expect(await countOf(t, `select count(*) as n from audit_log where action = 'groupLeader.approve' and subject_id = '${id}'`)).toBe(1);
    expect(AUDIT_ACTION_LABELS['groupLeader.approve']).toBe('团长审核通过');
    const told = (await t.database.db.execute(sql`select body from notifications where user_id = ${me.userId} and kind = 'leaderReviewed'`)) as unknown as { rows: { body: string }[] };
    expect(told.rows[0]?.body).toContain('团长');
    // Decided once: a second decision is refused.
    expect((await api.post(`/v1/group-leaders/${id}/review`, manager, { decision: 'return', reason: '重复' })).message).toBe(LeaderMsg.notPending);
  });

  it('returning needs a reason; the applicant corrects and sends it again', async () => {
    const me = await newResident(t);
    const id = (await api.post('/v1/group-leaders', me.token, form())).data.leader.id;
    const admin = await loginAs(t, ADMIN);
    expect((await api.post(`/v1/group-leaders/${id}/review`, admin, { decision: 'return' })).message).toBe(LeaderMsg.reason);
    const back = await api.post(`/v1/group-leaders/${id}/review`, admin, { decision: 'return', reason: '请写清楚自提点的楼号' });
    expect(back.data.leader).toMatchObject({ status: 'returned', reason: '请写清楚自提点的楼号' });
    const again = await api.post('/v1/group-leaders', me.token, form({ pickupPoint: '5号楼2单元门口' }));
    expect(again.data.leader).toMatchObject({ id, status: 'pending', reason: null, pickupPoint: '5号楼2单元门口' });
  });

  it("refuses staff of another community, duty staff and residents; the application is unchanged", async () => {
    const me = await newResident(t);
    const id = (await api.post('/v1/group-leaders', me.token, form())).data.leader.id;
    const otherManager = await staffOf(t, OTHER, 1);
    const duty = await staffOf(t, HOME, 2);
    for (const token of [otherManager, duty, me.token]) {
      const res = await api.post(`/v1/group-leaders/${id}/review`, token, { decision: 'approve' });
      expect([res.status, res.message]).toEqual([403, LeaderMsg.notReviewer]);
      expect((await api.get(`/v1/group-leaders?poiId=${HOME}`, token)).status).toBe(403);
    }
    expect(await countOf(t, `select count(*) as n from group_leaders where id = '${id}' and status = 'pending'`)).toBe(1);
  });
});

describe('suspending a 团长', () => {
  it('suspended with a reason (audited, told): no new group buys, no commission on new orders; the open one still sells and hands over; reinstated', async () => {
    const leader = await approvedLeader(t);
    const open = await publish(t, leader.token, buyForm(t, { leaderId: leader.leaderId }));
    const itemId = open.items[0]!.id as string;
    const buyer = await newResident(t);
    const before = await api.post('/v1/orders', buyer.token, { groupBuyId: open.id, lines: [{ itemId, qty: 1 }] });
    expect(before.status, before.message).toBe(200);

    const manager = await loginAs(t, MANAGER);
    const url = `/v1/group-leaders/${leader.leaderId}/suspend`;
    // Who may: not the leader, not another community's person; a reason is needed.
    expect((await api.post(url, leader.token, { suspend: true, reason: '多次未按时发货' })).status).toBe(403);
    const noReason = await api.post(url, manager, { suspend: true, reason: '  ' });
    expect([noReason.status, noReason.message]).toEqual([400, LeaderMsg.suspendReason]);
    expect((await api.post(`/v1/group-leaders/${leader.leaderId}/suspend`, manager, { suspend: false })).message).toBe(LeaderMsg.notSuspended);
    const done = await api.post(url, manager, { suspend: true, reason: '多次未按时发货' });
    expect(done.status, done.message).toBe(200);
    expect(done.data.leader).toMatchObject({ status: 'suspended', reason: '多次未按时发货' });
    expect((await api.post(url, manager, { suspend: true, reason: '再次' })).message).toBe(LeaderMsg.notApproved);
    expect(await countOf(t, `select count(*) as n from audit_log where action = 'groupLeader.suspend' and subject_id = '${leader.leaderId}'`)).toBe(1);
    expect(AUDIT_ACTION_LABELS['groupLeader.suspend']).toBe('团长停用');
    const told = rowsOf<{ body: string }>(await t.database.db.execute(sql`select body from notifications where user_id = ${leader.userId} and kind = 'leaderSuspended'`));
    expect(told.map((n) => n.body)).toEqual([expect.stringContaining('原因：多次未按时发货')]);

    // No new group buy; the open one keeps selling, but credits nobody; the leader still hands over.
    const buys = () => countOf(t, `select count(*) as n from group_buys where leader_id = '${leader.leaderId}'`);
    expect(await buys()).toBe(1);
    expect((await api.post('/v1/group-buys', leader.token, buyForm(t, { leaderId: leader.leaderId }))).status).toBe(403);
    expect(await buys()).toBe(1);
    const after = await api.post('/v1/orders', buyer.token, { groupBuyId: open.id, lines: [{ itemId, qty: 1 }], leaderId: leader.leaderId });
    expect(after.status, after.message).toBe(200);
    const credited = rowsOf<{ id: string; leader_id: string | null }>(await t.database.db.execute(sql`select id, leader_id from orders where group_buy_id = ${open.id}`));
    expect(Object.fromEntries(credited.map((o) => [o.id, o.leader_id]))).toEqual({ [before.data.order.id]: leader.leaderId, [after.data.order.id]: null });
    expect((await api.get(`/v1/group-buys/${open.id}`, buyer.token)).data.groupBuy.state).toBe('selling');
    const sellers = await api.get('/v1/sellers/mine', leader.token);
    expect(sellers.status, sellers.message).toBe(200);
    expect(JSON.stringify(sellers.data)).toContain(leader.leaderId);

    // Reinstated by the platform operator: publishes again, told.
    const back = await api.post(url, await loginAs(t, ADMIN), { suspend: false });
    expect(back.data.leader).toMatchObject({ status: 'approved', reason: null });
    expect(await countOf(t, `select count(*) as n from audit_log where action = 'groupLeader.reinstate' and subject_id = '${leader.leaderId}'`)).toBe(1);
    expect((await api.post('/v1/group-buys', leader.token, buyForm(t, { leaderId: leader.leaderId }))).status).toBe(200);
    expect(await countOf(t, `select count(*) as n from notifications where user_id = '${leader.userId}' and kind = 'leaderSuspended'`)).toBe(2);
  });
});
