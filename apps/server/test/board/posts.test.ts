import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BoardMsg, POSTS_PER_HOUR } from '@sq/contract/board/board-rules';
import { createTestApp, type TestApp } from '../support/test-app';
import { boardApi, countOf, HOME, HOUR, loginAs, newJoiner, newPost, newPoster, newResident, OTHER } from './board-helpers';

let t: TestApp;
let api: ReturnType<typeof boardApi>;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  api = boardApi(t);
});
afterAll(() => t.close());

describe('posting (/tpush)', () => {
  it('a resident who accepted the rules posts; a neighbour reads it in the feed with author name, never the mobile', async () => {
    const author = await newPoster(t);
    const id = await newPost(t, author.token, { kind: 'sale', text: '九成新婴儿车转让，望京花园自提', priceFen: 15000 });
    const reader = await newJoiner(t);
    const feed = await api.get(`/v1/board/posts?poiId=${HOME}`, reader.token);
    expect(feed.status).toBe(200);
    const card = feed.data.posts.find((p: { id: string }) => p.id === id);
    expect(card).toMatchObject({ kind: 'sale', text: '九成新婴儿车转让，望京花园自提', priceFen: 15000, sold: false, likes: 0, comments: 0, mine: false, status: 'visible', notice: null });
    expect(card.author).toEqual({ openId: author.openId, username: expect.any(String), avatar: null, staff: false });
    expect(JSON.stringify(feed.data)).not.toContain(author.mobile);
    const own = await api.get(`/v1/board/posts/${id}`, author.token);
    expect(own.data.post).toMatchObject({ id, mine: true, poiId: HOME, showPhone: false });
  });

  it('asks for the rules before the first post, and writes nothing', async () => {
    const person = await newResident(t);
    const before = await countOf(t, 'select count(*) as n from board_posts');
    const res = await api.post('/v1/board/posts', person.token, { poiId: HOME, kind: 'help', text: '你好' });
    expect(res).toMatchObject({ status: 403, message: BoardMsg.rulesFirst });
    expect(await countOf(t, 'select count(*) as n from board_posts')).toBe(before);
    const rules = await api.get(`/v1/board/rules?poiId=${HOME}`, person.token);
    expect(rules.data).toMatchObject({ custom: false, accepted: false, canPost: true, canEdit: false });
    expect(rules.data.text).toContain('互联网跟帖评论服务管理规定');
    await api.post('/v1/board/rules/accept', person.token, { poiId: HOME });
    expect((await api.get(`/v1/board/rules?poiId=${HOME}`, person.token)).data.accepted).toBe(true);
    expect((await api.post('/v1/board/posts', person.token, { poiId: HOME, kind: 'help', text: '你好' })).status).toBe(200);
  });

  it('lets people who only joined read but not write; people of other communities neither', async () => {
    const joiner = await newJoiner(t);
    expect((await api.get(`/v1/board/posts?poiId=${HOME}`, joiner.token)).status).toBe(200);
    expect(await api.post('/v1/board/rules/accept', joiner.token, { poiId: HOME })).toMatchObject({ status: 403, message: BoardMsg.notMember });
    expect(await api.post('/v1/board/posts', joiner.token, { poiId: HOME, kind: 'help', text: '你好' })).toMatchObject({ status: 403, message: BoardMsg.notMember });
    const stranger = await newResident(t, OTHER);
    expect(await api.get(`/v1/board/posts?poiId=${HOME}`, stranger.token)).toMatchObject({ status: 403, message: BoardMsg.notJoined });
  });

  it('keeps 通知 for staff, who are marked as staff', async () => {
    const resident = await newPoster(t);
    expect(await api.post('/v1/board/posts', resident.token, { poiId: HOME, kind: 'notice', text: '停水通知' })).toMatchObject({ status: 403, message: BoardMsg.noticeStaffOnly });
    const manager = await loginAs(t, '13800000002');
    await api.post('/v1/board/rules/accept', manager, { poiId: HOME });
    const id = await newPost(t, manager, { kind: 'notice', text: '明天上午9点至12点停水，请提前储水。' });
    const post = await api.get(`/v1/board/posts/${id}`, resident.token);
    expect(post.data.post.author.staff).toBe(true);
  });

  it('keeps a post held by reports held through the author’s edit', async () => {
    const author = await newPoster(t);
    const id = await newPost(t, author.token);
    for (const r of await Promise.all([newResident(t), newResident(t), newResident(t)])) await api.post('/v1/board/reports', r.token, { target: 'post', id, reason: 'spam' });
    expect(await api.post(`/v1/board/posts/${id}/edit`, author.token, { kind: 'help', text: '改过了' })).toMatchObject({ data: { status: 'held', notice: expect.stringContaining('举报') } });
  });

  it('takes a price only on 闲置', async () => {
    const p = await newPoster(t);
    expect(await api.post('/v1/board/posts', p.token, { poiId: HOME, kind: 'help', text: '求借梯子', priceFen: 100 })).toMatchObject({ status: 400, message: BoardMsg.priceOnlySale });
    expect(await api.post('/v1/board/posts', p.token, { poiId: HOME, kind: 'sale', text: '旧书', priceFen: -1 })).toMatchObject({ status: 400, message: BoardMsg.price });
  });

  it('refuses ten photos and photos that are not the author’s uploads', async () => {
    const p = await newPoster(t);
    const hashes = Array.from({ length: 10 }, (_, i) => `${String(i).padStart(2, '0')}${'a'.repeat(41)}`);
    expect(await api.post('/v1/board/posts', p.token, { poiId: HOME, kind: 'help', text: '图', images: hashes })).toMatchObject({ status: 400, message: BoardMsg.tooManyImages });
    const before = await countOf(t, 'select count(*) as n from board_posts');
    expect(await api.post('/v1/board/posts', p.token, { poiId: HOME, kind: 'help', text: '图', images: [hashes[0]] })).toMatchObject({ status: 400, message: BoardMsg.imageNotFound });
    expect(await countOf(t, 'select count(*) as n from board_posts')).toBe(before);
  });

  it('takes the author’s own uploads in order with their thumbnails, and refuses a neighbour’s', async () => {
    const p = await newPoster(t);
    const other = await newPoster(t);
    const hash = (n: number) => `${String(n).padStart(2, '0')}${'b'.repeat(41)}`;
    const upload = (n: number, uploaderId: string) =>
      t.database.db.execute(
        `insert into images (poi_id, hash, uploader_id, mime, web, thumb, width, height) values ('${HOME}', '${hash(n)}', '${uploaderId}', 'image/jpeg', '\\x00', '\\x00', 1600, 1200)`,
      );
    await upload(1, p.userId);
    await upload(2, p.userId);
    await upload(3, other.userId);
    expect(await api.post('/v1/board/posts', p.token, { poiId: HOME, kind: 'help', text: '图', images: [hash(1), hash(3)] })).toMatchObject({ status: 400, message: BoardMsg.imageNotFound });
    const id = await newPost(t, p.token, { images: [hash(2), hash(1)] });
    const post = (await api.get(`/v1/board/posts/${id}`, other.token)).data.post;
    expect(post.images).toEqual([
      { hash: hash(2), url: `/v1/images/${HOME}/${hash(2)}`, thumbUrl: `/v1/images/${HOME}/${hash(2)}/thumb`, width: 1600, height: 1200 },
      { hash: hash(1), url: `/v1/images/${HOME}/${hash(1)}`, thumbUrl: `/v1/images/${HOME}/${hash(1)}/thumb`, width: 1600, height: 1200 },
    ]);
    expect(await countOf(t, `select count(*) as n from image_refs where ref = 'post:${id}'`)).toBe(2);
    // An edit keeps the photos the post had and drops the one left out.
    await api.post(`/v1/board/posts/${id}/edit`, p.token, { kind: 'help', text: '图', images: [hash(1)] });
    expect(await countOf(t, `select count(*) as n from image_refs where ref = 'post:${id}'`)).toBe(1);
  });

  it('masks a mobile number in the text unless the author made it public', async () => {
    const p = await newPoster(t);
    const masked = await newPost(t, p.token, { text: '有事请联系 13912345678' });
    expect((await api.get(`/v1/board/posts/${masked}`, p.token)).data.post.text).not.toContain('13912345678');
    const open = await newPost(t, p.token, { text: '有事请联系 13912345678', showPhone: true });
    expect((await api.get(`/v1/board/posts/${open}`, p.token)).data.post.text).toContain('13912345678');
    expect(await countOf(t, `select count(*) as n from board_posts where id = '${masked}' and text like '%13912345678%'`)).toBe(0);
  });

  it(`allows ${POSTS_PER_HOUR} posts an hour, also when they are sent at once`, async () => {
    const p = await newPoster(t);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => api.post('/v1/board/posts', p.token, { poiId: HOME, kind: 'other', text: `第${i}条` })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(POSTS_PER_HOUR);
    expect(results.filter((r) => r.status === 429).every((r) => r.message === BoardMsg.tooManyPosts)).toBe(true);
    t.clock.advance(HOUR + 1000);
    expect((await api.post('/v1/board/posts', p.token, { poiId: HOME, kind: 'other', text: '一小时后' })).status).toBe(200);
  });
});

describe('editing, deleting, 已售出 and likes', () => {
  it('lets the author edit and delete; others get 403, deleted posts are gone for all', async () => {
    const author = await newPoster(t);
    const other = await newPoster(t);
    const id = await newPost(t, author.token);
    expect(await api.post(`/v1/board/posts/${id}/edit`, other.token, { kind: 'help', text: '改' })).toMatchObject({ status: 403, message: BoardMsg.notAuthor });
    const edited = await api.post(`/v1/board/posts/${id}/edit`, author.token, { kind: 'help', text: '梯子已借到，谢谢' });
    expect(edited).toMatchObject({ status: 200, data: { id, status: 'visible', notice: null } });
    expect((await api.get(`/v1/board/posts/${id}`, other.token)).data.post).toMatchObject({ text: '梯子已借到，谢谢', editedAt: expect.any(Number) });
    expect(await api.post(`/v1/board/posts/${id}/delete`, other.token)).toMatchObject({ status: 403, message: BoardMsg.notAuthor });
    expect((await api.post(`/v1/board/posts/${id}/delete`, author.token)).status).toBe(200);
    expect(await api.get(`/v1/board/posts/${id}`, author.token)).toMatchObject({ status: 404, message: BoardMsg.postNotFound });
    const feed = await api.get(`/v1/board/posts?poiId=${HOME}`, other.token);
    expect(feed.data.posts.map((p: { id: string }) => p.id)).not.toContain(id);
  });

  it('marks a sale sold, and only a sale', async () => {
    const author = await newPoster(t);
    const sale = await newPost(t, author.token, { kind: 'sale', text: '自行车', priceFen: 20000 });
    expect(await api.post(`/v1/board/posts/${sale}/sold`, author.token, { sold: true })).toMatchObject({ status: 200, data: { sold: true } });
    expect((await api.get(`/v1/board/posts/${sale}`, author.token)).data.post.sold).toBe(true);
    const help = await newPost(t, author.token);
    expect((await api.post(`/v1/board/posts/${help}/sold`, author.token, { sold: true })).status).toBe(400);
  });

  it('counts a like once per person, under parallel taps', async () => {
    const author = await newPoster(t);
    const id = await newPost(t, author.token);
    const likers = await Promise.all([newResident(t), newResident(t), newResident(t)]);
    // 51 taps at once: 17 each.
    await Promise.all(likers.flatMap((l) => Array.from({ length: 17 }, () => api.post(`/v1/board/posts/${id}/like`, l.token, { liked: true }))));
    const post = (await api.get(`/v1/board/posts/${id}`, likers[0]!.token)).data.post;
    expect(post).toMatchObject({ likes: 3, liked: true });
    expect(await api.post(`/v1/board/posts/${id}/like`, likers[0]!.token, { liked: false })).toMatchObject({ data: { liked: false, likes: 2 } });
    expect(await api.post(`/v1/board/posts/${id}/like`, likers[0]!.token, { liked: false })).toMatchObject({ data: { likes: 2 } });
    const joiner = await newJoiner(t);
    expect(await api.post(`/v1/board/posts/${id}/like`, joiner.token, { liked: true })).toMatchObject({ status: 403, message: BoardMsg.notMember });
  });
});
