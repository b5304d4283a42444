import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema';
import { tableDump } from '../support/table-dump';
import { createTestApp, type TestApp } from '../support/test-app';
import { infoApi, NEW_ENTRY } from './info-support';

let t: TestApp;
let api: ReturnType<typeof infoApi>;
let resident: string; // joined 望京花园西区
let duty: string; // 执勤者 of 望京花园西区
let manager: string; // manager of 望京花园西区 only
let admin: string; // administrator of 望京花园西区 and 花家地北里
let operator: string;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  api = infoApi(t);
  const tokens = await Promise.all(['13800000004', '13800000003', '13800000002', '13800000001', '13700030001'].map((m) => t.login(m)));
  [resident, duty, manager, admin, operator] = tokens as [string, string, string, string, string];
  // Platform operators are granted by the admin CLI; here the flag is set directly.
  const info = await api.post('/v1/mobile/community/userInfo', { token: operator });
  await t.database.db.update(schema.users).set({ isOperator: true }).where(eq(schema.users.openId, info.data.openId));
});
afterAll(() => t.close());

const entryOf = async (q: string, department: string) => (await api.infos(q)).find((i) => i.department === department)!;

describe('reviewing corrections and additions', () => {
  it('shows staff the pending queue with the current entry side by side', async () => {
    const entry = await entryOf('poiId=DEMO000001', '望京花园西区社区居委会');
    const sent = await api.report(resident, { poiId: 'DEMO000001', infoId: entry._id, department: entry.department, contact: '010-64705679', address: entry.address });
    const queue = await api.pending(duty, 'poiId=DEMO000001');
    expect(queue.status).toBe(200);
    const item = queue.data.submissions.find((s: { _id: string }) => s._id === sent.data._id);
    expect(item).toMatchObject({
      kind: 'report',
      status: 0,
      contact: '010-64705679',
      typeName: '居委会',
      current: { _id: entry._id, contact: '010-64705678', department: entry.department },
    });
    expect(item.submitter).toBeTruthy();
    // The submitter is named, never by mobile.
    // Bounded by non-hex characters: a UUID's 12-character last group may hold an 11-digit run.
    expect(JSON.stringify(queue.data)).not.toMatch(/(?<![\da-f])1[3-9]\d{9}(?![\da-f])/);
    expect((await api.get('/v1/communityInfo/reviewStatus?poiId=DEMO000001', manager)).data).toEqual({ canReview: true, pending: queue.data.submissions.length });
  });

  it('accepting a correction changes the entry everyone sees', async () => {
    const entry = await entryOf('poiId=DEMO000001', '望京派出所');
    const sent = await api.report(resident, { poiId: 'DEMO000001', infoId: entry._id, department: '望京派出所（社区警务室）', contact: entry.contact, address: entry.address });
    expect((await entryOf('poiId=DEMO000001', '望京派出所')).department).toBe('望京派出所');
    const res = await api.review(manager, sent.data._id, 1);
    expect(res).toMatchObject({ status: 200, data: { _id: sent.data._id, status: 1, infoId: entry._id } });
    const after = await api.infos('poiId=DEMO000001');
    expect(after.find((i) => i._id === entry._id)).toMatchObject({ department: '望京派出所（社区警务室）', contact: entry.contact });
    const mine = await api.get('/v1/communityInfo/mine?poiId=DEMO000001', resident);
    expect(mine.data.submissions.find((s: { _id: string }) => s._id === sent.data._id)).toMatchObject({ status: 1 });
    expect(mine.data.submissions.find((s: { _id: string }) => s._id === sent.data._id).reviewedAt).toBeGreaterThan(0);
  });

  it('accepting an addition creates the entry; rejecting changes nothing', async () => {
    const added = await api.create(resident, { ...NEW_ENTRY, department: '望京花园西区业主委员会', typeId: 6 });
    const rejected = await api.create(resident, { ...NEW_ENTRY, department: '随便写的', typeId: 6 });
    expect((await api.review(duty, rejected.data._id, -1)).data).toMatchObject({ status: -1, infoId: null });
    const accepted = await api.review(admin, added.data._id, 1);
    const infos = await api.infos('poiId=DEMO000001');
    expect(infos.find((i) => i._id === accepted.data.infoId)).toMatchObject({ department: '望京花园西区业主委员会', typeName: '其他', contact: NEW_ENTRY.contact });
    expect(infos.some((i) => i.department === '随便写的')).toBe(false);
  });

  it('settles a submission once: a second review is a conflict, nothing applied twice', async () => {
    const sent = await api.create(resident, { ...NEW_ENTRY, department: '只采纳一次', typeId: 6 });
    const both = await Promise.all([api.review(duty, sent.data._id, 1), api.review(manager, sent.data._id, 1)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.message).toBe('该提交已处理');
    expect((await api.infos('poiId=DEMO000001')).filter((i) => i.department === '只采纳一次')).toHaveLength(1);
  });

  it('lets no reviewer decide what they sent themselves: another reviewer does', async () => {
    const reviewer = await t.login('13700030002');
    const info = await api.post('/v1/mobile/community/userInfo', { token: reviewer });
    const [me] = await t.database.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.openId, info.data.openId));
    await t.database.db.insert(schema.staff).values({ poiId: 'DEMO000001', userId: me!.id, username: '自审者', level: 1 });
    await api.post('/v1/mobile/community/edit', { token: reviewer, poiId: 'DEMO000001', join: 1 });
    const sent = await api.create(reviewer, { ...NEW_ENTRY, department: '自己提交的', typeId: 6 });
    expect(sent.status).toBe(200);
    const queue = await api.pending(reviewer, 'poiId=DEMO000001');
    expect(queue.data.submissions.find((s: { _id: string }) => s._id === sent.data._id)).toMatchObject({ mine: true });
    expect((await api.pending(manager, 'poiId=DEMO000001')).data.submissions.find((s: { _id: string }) => s._id === sent.data._id)).toMatchObject({ mine: false });
    const before = await tableDump(t.database.db, ['info_submissions', 'info_entries']);
    expect(await api.review(reviewer, sent.data._id, 1)).toMatchObject({ status: 403, message: '不能审核自己提交的信息，请由其他管理人员审核' });
    expect(await api.review(reviewer, sent.data._id, -1)).toMatchObject({ status: 403 });
    expect(await tableDump(t.database.db, ['info_submissions', 'info_entries'])).toEqual(before);
    expect(await api.review(manager, sent.data._id, 1)).toMatchObject({ status: 200 });
  });

  it('refuses residents and staff of other communities, writing nothing', async () => {
    const sent = await api.create(resident, { ...NEW_ENTRY, department: '待审核的', typeId: 6 });
    const before = await tableDump(t.database.db, ['info_submissions', 'info_entries']);
    expect(await api.pending(resident, 'poiId=DEMO000001')).toMatchObject({ status: 403, message: '您不是该社区的管理人员' });
    expect(await api.review(resident, sent.data._id, 1)).toMatchObject({ status: 403, message: '您不是该社区的管理人员' });
    // 13800000002 manages 望京花园西区 only.
    expect(await api.pending(manager, 'poiId=DEMO000002')).toMatchObject({ status: 403 });
    expect(await api.review(operator, sent.data._id, 1)).toMatchObject({ status: 403 });
    expect((await api.get('/v1/communityInfo/reviewStatus?poiId=DEMO000001', resident)).data).toEqual({ canReview: false, pending: 0 });
    expect(await api.pending(duty, 'poiId=NOPE')).toMatchObject({ status: 404, message: '社区不存在' });
    expect(await api.post('/v1/communityInfo/review', { id: sent.data._id, status: 1 })).toMatchObject({ status: 423 });
    expect(await tableDump(t.database.db, ['info_submissions', 'info_entries'])).toEqual(before);
  });

  it('refuses bad review input in Chinese', async () => {
    const sent = await api.create(resident, { ...NEW_ENTRY, department: '格式检查', typeId: 6 });
    expect(await api.review(duty, sent.data._id, 2)).toMatchObject({ status: 400, message: '请选择采纳或不采纳' });
    expect(await api.post('/v1/communityInfo/review', { token: duty, status: 1 })).toMatchObject({ status: 400, message: '该提交不存在' });
    expect(await api.review(duty, 'nope', 1)).toMatchObject({ status: 404, message: '该提交不存在' });
    expect(await api.review(duty, '00000000-0000-4000-8000-000000000000', 1)).toMatchObject({ status: 404 });
    expect(await api.get('/v1/communityInfo/pending', duty)).toMatchObject({ status: 400, message: '请选择社区' });
  });
});

describe('street-level submissions', () => {
  it('go to platform operators, not to community staff', async () => {
    const entry = await entryOf('streetId=DEMO-ST-001', '望京街道综合执法队');
    const sent = await api.report(resident, { poiId: 'DEMO000001', infoId: entry._id, department: entry.department, contact: '010-64709931', address: entry.address });
    expect((await api.pending(duty, 'poiId=DEMO000001')).data.submissions.some((s: { _id: string }) => s._id === sent.data._id)).toBe(false);
    expect(await api.pending(duty, 'streetId=DEMO-ST-001')).toMatchObject({ status: 403, message: '街道信息由平台运营人员审核' });
    expect(await api.review(manager, sent.data._id, 1)).toMatchObject({ status: 403, message: '街道信息由平台运营人员审核' });

    const queue = await api.pending(operator, 'streetId=DEMO-ST-001');
    expect(queue.data.submissions.map((s: { _id: string }) => s._id)).toContain(sent.data._id);
    expect((await api.get('/v1/communityInfo/reviewStatus?streetId=DEMO-ST-001', operator)).data.canReview).toBe(true);
    expect(await api.review(operator, sent.data._id, 1)).toMatchObject({ status: 200 });
    expect((await entryOf('streetId=DEMO-ST-001', '望京街道综合执法队')).contact).toBe('010-64709931');
  });
});
