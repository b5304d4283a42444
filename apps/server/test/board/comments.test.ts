import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BoardMsg, COMMENTS_PER_HOUR, REPORTS_PER_HOUR, REPORTS_TO_HOLD } from '@sq/contract/board/board-rules';
import { createTestApp, type TestApp } from '../support/test-app';
import { boardApi, countOf, HOME, newJoiner, newPost, newPoster, newResident, OTHER } from './board-helpers';

let t: TestApp;
let api: ReturnType<typeof boardApi>;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  api = boardApi(t);
});
afterAll(() => t.close());

const notices = async (token: string) => (await api.post('/v1/notifications', token, { page: 1 })).data.notifications;

describe('comments', () => {
  it('threads replies one level deep: a reply to a reply joins the thread and names whom it answers', async () => {
    const author = await newPoster(t);
    const a = await newResident(t);
    const b = await newResident(t);
    const id = await newPost(t, author.token);
    const top = await api.post('/v1/board/comments', a.token, { postId: id, text: '我有，来拿吧' });
    expect(top).toMatchObject({ status: 200, data: { comment: { text: '我有，来拿吧', replyToUsername: null, mine: true, status: 'visible' } } });
    t.clock.advance(1000);
    const reply = await api.post('/v1/board/comments', author.token, { postId: id, replyTo: top.data.comment.id, text: '谢谢！几号楼？' });
    t.clock.advance(1000);
    const again = await api.post('/v1/board/comments', b.token, { postId: id, replyTo: reply.data.comment.id, text: '他在3号楼' });
    expect(again.status).toBe(200);
    const list = await api.get(`/v1/board/posts/${id}/comments`, b.token);
    expect(list.data.comments).toHaveLength(1);
    const thread = list.data.comments[0];
    expect(thread.replies.map((r: { text: string }) => r.text)).toEqual(['谢谢！几号楼？', '他在3号楼']);
    expect(thread.replies[1].replyToUsername).toBe(thread.replies[0].author.username);
    expect((await api.get(`/v1/board/posts/${id}`, b.token)).data.post.comments).toBe(3);
    // The post's author was told of the neighbours' comments, not of their own.
    const told = (await notices(author.token)).filter((n: { kind: string }) => n.kind === 'boardCommented');
    expect(told).toHaveLength(2);
  });

  it('lets the author delete their comment (the count follows), nobody else', async () => {
    const author = await newPoster(t);
    const c = await newResident(t);
    const id = await newPost(t, author.token);
    const made = await api.post('/v1/board/comments', c.token, { postId: id, text: '顶' });
    expect(await api.post(`/v1/board/comments/${made.data.comment.id}/delete`, author.token)).toMatchObject({ status: 403, message: BoardMsg.notCommentAuthor });
    expect((await api.post(`/v1/board/comments/${made.data.comment.id}/delete`, c.token)).status).toBe(200);
    expect((await api.get(`/v1/board/posts/${id}`, c.token)).data.post.comments).toBe(0);
    expect((await api.get(`/v1/board/posts/${id}/comments`, author.token)).data.comments).toEqual([]);
  });

  it('refuses readers who are no members, other communities, an empty text and a reply of another post', async () => {
    const author = await newPoster(t);
    const id = await newPost(t, author.token);
    const other = await newPost(t, author.token);
    const joiner = await newJoiner(t);
    const stranger = await newResident(t, OTHER);
    expect(await api.post('/v1/board/comments', joiner.token, { postId: id, text: '嗨' })).toMatchObject({ status: 403, message: BoardMsg.notMember });
    expect(await api.post('/v1/board/comments', stranger.token, { postId: id, text: '嗨' })).toMatchObject({ status: 403, message: BoardMsg.notJoined });
    expect(await api.get(`/v1/board/posts/${id}/comments`, stranger.token)).toMatchObject({ status: 403, message: BoardMsg.notJoined });
    expect(await api.post('/v1/board/comments', author.token, { postId: id, text: '   ' })).toMatchObject({ status: 400, message: BoardMsg.commentRequired });
    const c = await api.post('/v1/board/comments', author.token, { postId: other, text: '补充' });
    expect(await api.post('/v1/board/comments', author.token, { postId: id, replyTo: c.data.comment.id, text: '回复' })).toMatchObject({ status: 404, message: BoardMsg.replyNotFound });
  });

  it(`allows ${COMMENTS_PER_HOUR} comments an hour, also sent at once`, async () => {
    const author = await newPoster(t);
    const id = await newPost(t, author.token);
    const c = await newResident(t);
    const results = await Promise.all(Array.from({ length: COMMENTS_PER_HOUR + 20 }, (_, i) => api.post('/v1/board/comments', c.token, { postId: id, text: `评论${i}` })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(COMMENTS_PER_HOUR);
    expect(results.filter((r) => r.status === 429).every((r) => r.message === BoardMsg.tooManyComments)).toBe(true);
    expect((await api.get(`/v1/board/posts/${id}`, c.token)).data.post.comments).toBe(COMMENTS_PER_HOUR);
  });
});

describe('reports', () => {
  it(`counts a person once; ${REPORTS_TO_HOLD} people hold the post and its author sees why`, async () => {
    const author = await newPoster(t);
    const id = await newPost(t, author.token, { text: '低价代购名牌包' });
    const reporters = await Promise.all(Array.from({ length: REPORTS_TO_HOLD }, () => newResident(t)));
    const first = reporters[0]!;
    expect((await api.post('/v1/board/reports', first.token, { target: 'post', id, reason: 'fraud' })).status).toBe(200);
    expect(await api.post('/v1/board/reports', first.token, { target: 'post', id, reason: 'spam' })).toMatchObject({ status: 409, message: BoardMsg.alreadyReported });
    expect(await countOf(t, `select report_count as n from board_posts where id = '${id}'`)).toBe(1);
    expect(await api.post('/v1/board/reports', author.token, { target: 'post', id, reason: 'spam' })).toMatchObject({ status: 400, message: BoardMsg.reportOwn });
    await Promise.all(reporters.slice(1).map((r) => api.post('/v1/board/reports', r.token, { target: 'post', id, reason: 'fraud', detail: '骗子' })));
    // Gone from the neighbours' feed, shown to its author with why.
    expect(await api.get(`/v1/board/posts/${id}`, first.token)).toMatchObject({ status: 404 });
    const own = (await api.get(`/v1/board/posts/${id}`, author.token)).data.post;
    expect(own).toMatchObject({ status: 'held', notice: expect.stringContaining('举报') });
    const mine = await api.get(`/v1/board/people/${author.openId}/posts?poiId=${HOME}`, author.token);
    expect(mine.data.posts.find((p: { id: string }) => p.id === id)).toMatchObject({ status: 'held' });
    const told = (await notices(author.token)).find((n: { kind: string }) => n.kind === 'boardHeld');
    expect(told.body).toContain('举报');
  });

  it('counts one person once when they send 50 reports at once', async () => {
    const author = await newPoster(t);
    const id = await newPost(t, author.token);
    const reporter = await newResident(t);
    const results = await Promise.all(Array.from({ length: 50 }, () => api.post('/v1/board/reports', reporter.token, { target: 'post', id, reason: 'spam' })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await countOf(t, `select report_count as n from board_posts where id = '${id}'`)).toBe(1);
    expect((await api.get(`/v1/board/posts/${id}`, reporter.token)).data.post.status).toBe('visible');
  });

  it('holds a reported comment and takes it off the count', async () => {
    const author = await newPoster(t);
    const id = await newPost(t, author.token);
    const c = await newResident(t);
    const made = await api.post('/v1/board/comments', c.token, { postId: id, text: '骂人的话' });
    for (const r of await Promise.all(Array.from({ length: REPORTS_TO_HOLD }, () => newResident(t)))) {
      await api.post('/v1/board/reports', r.token, { target: 'comment', id: made.data.comment.id, reason: 'abuse' });
    }
    expect((await api.get(`/v1/board/posts/${id}`, author.token)).data.post.comments).toBe(0);
    const own = (await api.get(`/v1/board/posts/${id}/comments`, c.token)).data.comments[0];
    expect(own).toMatchObject({ status: 'held', notice: expect.stringContaining('举报') });
  });

  it(`allows ${REPORTS_PER_HOUR} reports an hour, also sent at once`, async () => {
    // Posts by several neighbours: one may post only POSTS_PER_HOUR an hour.
    const authors = await Promise.all([newPoster(t), newPoster(t), newPoster(t)]);
    const ids: string[] = [];
    for (let i = 0; i < REPORTS_PER_HOUR + 3; i++) ids.push(await newPost(t, authors[i % 3]!.token, { text: `帖子${i}` }));
    const reporter = await newResident(t);
    const results = await Promise.all(ids.map((id) => api.post('/v1/board/reports', reporter.token, { target: 'post', id, reason: 'spam' })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(REPORTS_PER_HOUR);
    expect(results.filter((r) => r.status === 429).every((r) => r.message === BoardMsg.tooManyReports)).toBe(true);
  });

  it('refuses people of other communities', async () => {
    const author = await newPoster(t);
    const id = await newPost(t, author.token);
    const stranger = await newResident(t, OTHER);
    expect(await api.post('/v1/board/reports', stranger.token, { target: 'post', id, reason: 'spam' })).toMatchObject({ status: 403, message: BoardMsg.notJoined });
  });
});

describe('search and a person’s posts', () => {
  it('finds 车位 and 婴儿车 through the text and through a comment; a keyword of the kind filter too', async () => {
    const author = await newPoster(t);
    const parking = await newPost(t, author.token, { kind: 'other', text: '地下车位出租，B2层，月租300' });
    const pram = await newPost(t, author.token, { kind: 'sale', text: '九成新婴儿车转让', priceFen: 10000 });
    const quiet = await newPost(t, author.token, { kind: 'help', text: '求推荐周末遛娃的地方' });
    const c = await newResident(t);
    await api.post('/v1/board/comments', c.token, { postId: quiet, text: '奥森公园，婴儿车也好推' });
    const ids = async (q: string) => (await api.get(`/v1/board/search?poiId=${HOME}&${q}`, c.token)).data.posts.map((p: { id: string }) => p.id);
    expect(await ids(`keyword=${encodeURIComponent('车位')}`)).toContain(parking);
    const prams = await ids(`keyword=${encodeURIComponent('婴儿车')}`);
    expect(prams).toEqual(expect.arrayContaining([pram, quiet]));
    expect(prams).not.toContain(parking);
    expect(await ids(`keyword=${encodeURIComponent('婴儿车')}&kind=sale`)).toEqual(expect.arrayContaining([pram]));
    expect(await ids(`keyword=${encodeURIComponent('婴儿车')}&kind=sale`)).not.toContain(quiet);
    expect(await ids(`keyword=${encodeURIComponent('租')}`)).toContain(parking);
    expect((await ids('keyword='))[0]).toBe(quiet);
  });

  it('lists a person’s posts; others do not see the held ones', async () => {
    const author = await newPoster(t);
    const shown = await newPost(t, author.token);
    t.clock.advance(1000);
    const held = await api.post('/v1/board/posts', author.token, { poiId: HOME, kind: 'other', text: '详情见 http://example.com' });
    expect(held.data).toMatchObject({ status: 'held', notice: expect.any(String) });
    const other = await newResident(t);
    const theirs = await api.get(`/v1/board/people/${author.openId}/posts?poiId=${HOME}`, other.token);
    expect(theirs.data.posts.map((p: { id: string }) => p.id)).toEqual([shown]);
    expect(theirs.data.author).toMatchObject({ openId: author.openId, staff: false });
    const own = await api.get(`/v1/board/people/${author.openId}/posts?poiId=${HOME}`, author.token);
    expect(own.data.posts.map((p: { id: string }) => p.id)).toEqual([held.data.id, shown]);
  });
});
