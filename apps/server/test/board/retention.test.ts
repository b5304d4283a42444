import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DELETE_WORD } from '@sq/contract/mydata/delete-my-account';
import { createAuditRepo } from '../../src/modules/audit/repo';
import { createRetentionRepo } from '../../src/modules/retention/repo';
import { runRetention } from '../../src/modules/retention/service';
import { createTestApp, type TestApp } from '../support/test-app';
import { boardApi, countOf, DAY, HOME, loginAs, newPost, newPoster, newResident } from './board-helpers';

let t: TestApp;
let api: ReturnType<typeof boardApi>;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  api = boardApi(t);
});
afterAll(() => t.close());

const run = () => runRetention({ repo: createRetentionRepo(t.database.db), audit: createAuditRepo(t.database.db) }, t.clock.now());
const rowExists = async (table: string, id: string) => (await countOf(t, `select count(*) as n from ${table} where id = '${id}'`)) === 1;

describe('hidden board content after its period', () => {
  it('keeps removed and deleted posts and comments hidden for six months, then deletes them with their photos’ uses', async () => {
    const manager = await loginAs(t, '13800000002');
    const author = await newPoster(t);
    const deleted = await newPost(t, author.token);
    const removed = await newPost(t, author.token);
    const kept = await newPost(t, author.token);
    const c = await newResident(t);
    const comment = (await api.post('/v1/board/comments', c.token, { postId: kept, text: '已删的评论' })).data.comment.id;
    await api.post('/v1/board/reports', c.token, { target: 'post', id: removed, reason: 'spam' });
    // A photo use as the images module records it (the upload itself is theirs to test).
    await t.database.db.execute(`insert into image_refs (poi_id, hash, ref) values ('${HOME}', 'h-${deleted}', 'post:${deleted}')`);
    await api.post(`/v1/board/posts/${deleted}/delete`, author.token);
    await api.post(`/v1/board/comments/${comment}/delete`, c.token);
    await api.post('/v1/manage/board/moderate', manager, { poiId: HOME, target: 'post', id: removed, action: 'remove', reason: '广告' });

    t.clock.advance(180 * DAY - 10 * DAY);
    await run();
    expect([await rowExists('board_posts', deleted), await rowExists('board_posts', removed), await rowExists('board_comments', comment)]).toEqual([true, true, true]);

    t.clock.advance(20 * DAY);
    const counts = await run();
    expect(counts!.board).toBeGreaterThanOrEqual(3);
    expect([await rowExists('board_posts', deleted), await rowExists('board_posts', removed), await rowExists('board_comments', comment)]).toEqual([false, false, false]);
    expect(await rowExists('board_posts', kept)).toBe(true);
    expect(await countOf(t, `select count(*) as n from image_refs where ref = 'post:${deleted}'`)).toBe(0);
    expect(await countOf(t, `select count(*) as n from board_reports where target_id = '${removed}'`)).toBe(0);
  });
});

describe('an erased account', () => {
  it('takes its posts, comments and likes off the board at once, kept hidden until the period ends', async () => {
    const leaver = await newPoster(t);
    const neighbour = await newPoster(t);
    const own = await newPost(t, leaver.token, { text: '我要搬走了，东西便宜出' });
    const theirs = await newPost(t, neighbour.token);
    await api.post('/v1/board/comments', leaver.token, { postId: theirs, text: '祝一切顺利' });
    await api.post(`/v1/board/posts/${theirs}/like`, leaver.token, { liked: true });
    expect((await api.get(`/v1/board/posts/${theirs}`, neighbour.token)).data.post).toMatchObject({ likes: 1, comments: 1 });

    const erased = await t.app.inject({ method: 'POST', url: '/v1/mydata/deleteAccount', payload: { token: leaver.token, confirm: ACCOUNT_DELETE_WORD } });
    expect(erased.statusCode).toBe(200);
    expect(await api.get(`/v1/board/posts/${own}`, neighbour.token)).toMatchObject({ status: 404 });
    expect((await api.get(`/v1/board/posts/${theirs}`, neighbour.token)).data.post).toMatchObject({ likes: 0, comments: 0 });
    expect((await api.get(`/v1/board/posts/${theirs}/comments`, neighbour.token)).data.comments).toEqual([]);
    const search = await api.get(`/v1/board/search?poiId=${HOME}&keyword=${encodeURIComponent('搬走')}`, neighbour.token);
    expect(search.data.posts).toEqual([]);
    expect(await rowExists('board_posts', own)).toBe(true);

    t.clock.advance(186 * DAY);
    await run();
    expect(await rowExists('board_posts', own)).toBe(false);
  });
});
