import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeaderMsg } from '@sq/contract/groupbuys/group-buy-rules';
import { AUDIT_ACTION_LABELS } from '@sq/contract/manage/audit-log';
import { staffOf } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { ADMIN, api as apiOf, countOf, HOME, loginAs, MANAGER, newJoiner, newResident, OTHER } from './group-buy-helpers';

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
