import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, beijingDate, endOfBeijingDay } from '@sq/contract/beijing-time';
import { BoardMsg, REPORTS_TO_HOLD } from '@sq/contract/board/board-rules';
import { staffOf } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { boardApi, DAY, HOME, loginAs, newJoiner, newPost, newPoster, newResident, OTHER } from './board-helpers';

let t: TestApp;
let api: ReturnType<typeof boardApi>;
let manager: string;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  api = boardApi(t);
  manager = await loginAs(t, '13800000002');
});
afterAll(() => t.close());

const queue = async (status = 'pending') => (await api.get(`/v1/manage/board/queue?poiId=${HOME}&status=${status}`, manager)).data;
const notices = async (token: string) => (await api.post('/v1/notifications', token, { page: 1 })).data.notifications as { kind: string; body: string }[];

describe('the queue and decisions', () => {
  it('lists held and reported content with the author’s masked mobile; approve shows it, remove hides it with the reason the author reads', async () => {
    const author = await newPoster(t);
    const held = await api.post('/v1/board/posts', author.token, { poiId: HOME, kind: 'other', text: '兼职日结，详情加我' });
    expect(held.data.status).toBe('held');
    const reported = await newPost(t, author.token, { text: '便宜出售名牌包' });
    const reporter = await newResident(t);
    await api.post('/v1/board/reports', reporter.token, { target: 'post', id: reported, reason: 'fraud', detail: '假货' });

    const q = await queue();
    const heldItem = q.items.find((i: { id: string }) => i.id === held.data.id);
    expect(heldItem).toMatchObject({ target: 'post', status: 'held', heldReasons: ['keyword'], keywords: ['兼职日结'] });
    expect(heldItem.author).toEqual({ openId: author.openId, username: expect.any(String), mobile: `${author.mobile.slice(0, 3)}****${author.mobile.slice(7)}`, mutedUntil: null });
    const reportedItem = q.items.find((i: { id: string }) => i.id === reported);
    expect(reportedItem).toMatchObject({ status: 'visible', reports: [{ reason: 'fraud', detail: '假货', count: 1 }] });
    expect(q.pending).toBeGreaterThanOrEqual(2);

    expect(await api.post('/v1/manage/board/moderate', manager, { poiId: HOME, target: 'post', id: held.data.id, action: 'approve' })).toMatchObject({ status: 200, data: { status: 'visible' } });
    expect((await api.get(`/v1/board/posts/${held.data.id}`, reporter.token)).data.post.status).toBe('visible');

    expect(await api.post('/v1/manage/board/moderate', manager, { poiId: HOME, target: 'post', id: reported, action: 'remove' })).toMatchObject({ status: 400, message: BoardMsg.reason });
    expect((await api.post('/v1/manage/board/moderate', manager, { poiId: HOME, target: 'post', id: reported, action: 'remove', reason: '疑似售假' })).status).toBe(200);
    expect(await api.get(`/v1/board/posts/${reported}`, reporter.token)).toMatchObject({ status: 404 });
    expect((await api.get(`/v1/board/posts/${reported}`, author.token)).data.post).toMatchObject({ status: 'removed', notice: '已被工作人员删除，原因：疑似售假' });
    expect((await notices(author.token)).find((n) => n.kind === 'boardRemoved')!.body).toContain('疑似售假');
    const pendingIds = (await queue()).items.map((i: { id: string }) => i.id);
    expect(pendingIds).not.toContain(reported);
    expect(pendingIds).not.toContain(held.data.id);
    expect((await queue('removed')).items.map((i: { id: string }) => i.id)).toContain(reported);

    const record = (await api.get(`/v1/manage/board/actions?poiId=${HOME}`, manager)).data.actions;
    expect(record[0]).toMatchObject({ action: 'board.remove', label: '删除内容', by: '李秀英', reason: '疑似售假', target: expect.stringContaining('帖子「') });
    expect(record[1]).toMatchObject({ action: 'board.approve', label: '审核通过' });
  });

  it('approves a held comment back onto its post’s count', async () => {
    const author = await newPoster(t);
    const id = await newPost(t, author.token);
    const c = await newResident(t);
    const made = await api.post('/v1/board/comments', c.token, { postId: id, text: '加我微信刷单日赚500' });
    expect(made.data.comment.status).toBe('held');
    expect((await api.get(`/v1/board/posts/${id}`, author.token)).data.post.comments).toBe(0);
    await api.post('/v1/manage/board/moderate', manager, { poiId: HOME, target: 'comment', id: made.data.comment.id, action: 'approve' });
    expect((await api.get(`/v1/board/posts/${id}`, author.token)).data.post.comments).toBe(1);
  });

  it('is for administrators and managers of the community only', async () => {
    const author = await newPoster(t);
    const id = await newPost(t, author.token);
    const duty = await loginAs(t, '13800000003');
    const otherManager = await staffOf(t, OTHER, 1);
    const resident = await newResident(t);
    for (const token of [duty, resident.token]) {
      expect((await api.get(`/v1/manage/board/queue?poiId=${HOME}`, token)).status).toBe(403);
      expect((await api.post('/v1/manage/board/pin', token, { poiId: HOME, id, until: null })).status).toBe(403);
    }
    expect((await api.get(`/v1/manage/board/queue?poiId=${HOME}`, otherManager)).status).toBe(403);
    // Their own community's id does not reach content of another.
    expect(await api.post('/v1/manage/board/moderate', otherManager, { poiId: OTHER, target: 'post', id, action: 'approve' })).toMatchObject({ status: 404 });
  });
});

describe('pins', () => {
  it('keeps a pinned notice on top until the end of its Beijing day, then back in the feed', async () => {
    await api.post('/v1/board/rules/accept', manager, { poiId: HOME });
    const notice = await newPost(t, manager, { kind: 'notice', text: '本周六上午小区消杀，请关好门窗' });
    const later = await newPoster(t);
    await newPost(t, later.token);
    const until = addDays(beijingDate(t.clock.now()), 2);
    expect(await api.post('/v1/manage/board/pin', manager, { poiId: HOME, id: notice, until })).toMatchObject({ data: { pinnedUntil: Math.floor(endOfBeijingDay(until).getTime() / 1000) } });
    const feed = await api.get(`/v1/board/posts?poiId=${HOME}`, later.token);
    expect(feed.data.pinned.map((p: { id: string }) => p.id)).toContain(notice);
    expect(feed.data.posts.map((p: { id: string }) => p.id)).not.toContain(notice);
    expect((await api.get(`/v1/board/posts?poiId=${HOME}&kind=notice`, later.token)).data.pinned.map((p: { id: string }) => p.id)).toContain(notice);
    expect((await api.get(`/v1/board/posts?poiId=${HOME}&kind=help`, later.token)).data.pinned).toEqual([]);

    t.clock.advance(3 * DAY);
    const after = await api.get(`/v1/board/posts?poiId=${HOME}`, later.token);
    expect(after.data.pinned.map((p: { id: string }) => p.id)).not.toContain(notice);
    expect(after.data.posts.find((p: { id: string }) => p.id === notice)).toMatchObject({ pinnedUntil: null });
  });

  it('refuses a day in the past or beyond 90 days', async () => {
    const id = await newPost(t, manager, { kind: 'notice', text: '通知' });
    const today = beijingDate(t.clock.now());
    for (const until of [addDays(today, -1), addDays(today, 91), '2026-02-30']) {
      expect(await api.post('/v1/manage/board/pin', manager, { poiId: HOME, id, until })).toMatchObject({ status: 400, message: BoardMsg.pinUntil });
    }
  });
});

describe('mutes', () => {
  it('stops a person writing until the end of the mute, tells them, lists them, and lifts', async () => {
    const person = await newPoster(t);
    const id = await newPost(t, person.token);
    const muted = await api.post('/v1/manage/board/mute', manager, { poiId: HOME, openId: person.openId, days: 3, reason: '多次发布广告' });
    expect(muted.status).toBe(200);
    const res = await api.post('/v1/board/comments', person.token, { postId: id, text: '还在吗' });
    expect(res.status).toBe(403);
    expect(res.message).toMatch(/^您已被禁言至\d{4}-\d{2}-\d{2} \d{2}:\d{2}，暂不能发帖和评论$/);
    expect((await api.get(`/v1/board/posts?poiId=${HOME}`, person.token)).status).toBe(200);
    expect((await notices(person.token)).find((n) => n.kind === 'boardMuted')!.body).toContain('多次发布广告');
    const list = (await api.get(`/v1/manage/board/mutes?poiId=${HOME}`, manager)).data.mutes;
    expect(list.find((m: { openId: string }) => m.openId === person.openId)).toMatchObject({ reason: '多次发布广告', mobile: expect.stringContaining('****') });
    expect(await api.post('/v1/manage/board/mute', manager, { poiId: HOME, openId: person.openId, days: 0 })).toMatchObject({ data: { mutedUntil: null } });
    expect((await api.post('/v1/board/comments', person.token, { postId: id, text: '还在吗' })).status).toBe(200);
    const labels = (await api.get(`/v1/manage/board/actions?poiId=${HOME}`, manager)).data.actions.map((a: { label: string }) => a.label);
    expect(labels.slice(0, 2)).toEqual(['解除禁言', '禁言']);
  });

  it('ends by itself', async () => {
    const person = await newPoster(t);
    await api.post('/v1/manage/board/mute', manager, { poiId: HOME, openId: person.openId, days: 1, reason: '刷屏' });
    expect((await api.post('/v1/board/posts', person.token, { poiId: HOME, kind: 'other', text: '测试' })).status).toBe(403);
    t.clock.advance(DAY + 1000);
    expect((await api.post('/v1/board/posts', person.token, { poiId: HOME, kind: 'other', text: '测试' })).status).toBe(200);
  });
});

describe('rules', () => {
  it('lets managers replace the text (audited) and return to the default', async () => {
    const joiner = await newJoiner(t);
    expect((await api.post('/v1/manage/board/rules', joiner.token, { poiId: HOME, text: '我的规则' })).status).toBe(403);
    expect(await api.post('/v1/manage/board/rules', manager, { poiId: HOME, text: '本小区邻里圈规则：友善交流。' })).toMatchObject({ data: { custom: true } });
    expect((await api.get(`/v1/board/rules?poiId=${HOME}`, joiner.token)).data).toMatchObject({ text: '本小区邻里圈规则：友善交流。', custom: true, canPost: false, canEdit: false });
    expect((await api.get(`/v1/board/rules?poiId=${HOME}`, manager)).data.canEdit).toBe(true);
    await api.post('/v1/manage/board/rules', manager, { poiId: HOME, text: '' });
    expect((await api.get(`/v1/board/rules?poiId=${HOME}`, joiner.token)).data.custom).toBe(false);
    const labels = (await api.get(`/v1/manage/board/actions?poiId=${HOME}`, manager)).data.actions.map((a: { label: string }) => a.label);
    expect(labels.slice(0, 2)).toEqual(['修改邻里圈规则', '修改邻里圈规则']);
  });
});

it(`holds at ${REPORTS_TO_HOLD} reporters even when they report at once`, async () => {
  const author = await newPoster(t);
  const id = await newPost(t, author.token);
  const reporters = await Promise.all(Array.from({ length: REPORTS_TO_HOLD + 2 }, () => newResident(t)));
  await Promise.all(reporters.map((r) => api.post('/v1/board/reports', r.token, { target: 'post', id, reason: 'spam' })));
  const item = (await queue()).items.find((i: { id: string }) => i.id === id);
  expect(item).toMatchObject({ status: 'held', heldReasons: ['reports'], reports: [{ reason: 'spam', count: REPORTS_TO_HOLD + 2 }] });
});
