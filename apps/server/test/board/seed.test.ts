import { afterAll, beforeAll, expect, it } from 'vitest';
import { BOARD_KINDS } from '@sq/contract/board/board-rules';
import { seedDemo } from '../../src/seed/demo';
import { createTestApp, type TestApp } from '../support/test-app';
import { boardApi, countOf, HOME, loginAs } from './board-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

it('seeds posts of every kind, the manager’s pinned notice, comments and likes whose counts agree, once', async () => {
  const token = await loginAs(t, '13800000004');
  const feed = (await boardApi(t).get(`/v1/board/posts?poiId=${HOME}`, token)).data;
  expect(feed.pinned).toHaveLength(1);
  expect(feed.pinned[0]).toMatchObject({ kind: 'notice', author: { username: '李秀英', staff: true } });
  const kinds = new Set([...feed.pinned, ...feed.posts].map((p: { kind: string }) => p.kind));
  expect([...kinds].sort()).toEqual([...BOARD_KINDS].sort());
  const counts = 'select count(*) as n from board_posts p where p.like_count <> (select count(*) from board_likes l where l.post_id = p.id) or p.comment_count <> (select count(*) from board_comments c where c.post_id = p.id and c.status = \'visible\')';
  expect(await countOf(t, counts)).toBe(0);
  const before = await countOf(t, 'select (select count(*) from board_posts) + (select count(*) from board_comments) + (select count(*) from board_likes) as n');
  await seedDemo(t.database.db, t.pii);
  expect(await countOf(t, 'select (select count(*) from board_posts) + (select count(*) from board_comments) + (select count(*) from board_likes) as n')).toBe(before);
});
