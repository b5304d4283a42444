import { sql } from 'drizzle-orm';
import { BOARD_PAGE_SIZE } from '@sq/contract/board/board-rules';
import { rowsOf } from '@sq/server/db/client';
import { createFeedRepo } from '@sq/server/modules/board/feed-repo';
import { deployedHttpBench } from './support/deployed-bench';
import { loginAt } from './support/deployed';
import type { BenchReport } from './report';

const BIG = 'DEMO000001';
const POSTS = 100_000;

/**
 * 邻里圈's feed (issue 33: the first page of a community with 100,000 posts, p99 ≤ 50 ms at 100
 * connections, as deployed): GET /v1/board/posts as a resident – session, reader check, the
 * pinned posts and 20 cards with their authors, likes and thumbnails' URLs. Every third post has
 * photos. The plan of the feed's query is read with EXPLAIN on the same data: it must walk
 * board_posts_feed_idx, not sort the community's posts.
 */
export async function boardBench(seconds: number): Promise<BenchReport> {
  let plan = '';
  const report = await deployedHttpBench({
    name: `邻里圈 feed, first page, ${POSTS.toLocaleString('en-US')} posts in the community`,
    label: 'GET /v1/board/posts',
    seconds,
    goal: 'target p99 ≤ 50 ms at 100 connections',
    async prepare(store) {
      const db = store.database.db;
      await db.execute(sql`
        insert into board_posts (poi_id, author_id, kind, text, images, status, search_terms, like_count, comment_count, created_at)
        select ${BIG}, (array(select id from users order by id limit 30))[1 + g % 30],
          (array['help','sale','lost','carpool','other'])[1 + g % 5],
          '邻居帖子第' || g || '号：周末有人一起去奥森跑步吗？顺便问问小区附近哪里有靠谱的修车铺。',
          case when g % 3 = 0 then jsonb_build_array(
            jsonb_build_object('hash', rtrim(translate(encode(sha256(g::text::bytea), 'base64'), '+/', '-_'), '='), 'width', 1600, 'height', 1200),
            jsonb_build_object('hash', rtrim(translate(encode(sha256((g + 1)::text::bytea), 'base64'), '+/', '-_'), '='), 'width', 1200, 'height', 1600))
          else '[]'::jsonb end,
          'visible', array['邻居', '帖子', '跑步'], g % 7, g % 4, now() - make_interval(secs => g * 30)
        from generate_series(1, ${POSTS}) g`);
      await db.execute(sql`VACUUM (ANALYZE) board_posts`);
      const [viewer] = rowsOf<{ id: string }>(await db.execute(sql`select id from users order by id limit 1`));
      const query = createFeedRepo(db).feed({ poiId: BIG, viewerId: viewer!.id, cursor: null, limit: BOARD_PAGE_SIZE + 1, now: new Date() });
      const lines = rowsOf<{ 'QUERY PLAN': string }>(await db.execute(sql`explain (analyze, costs off) ${query}`));
      plan = lines.map((l) => l['QUERY PLAN']).join('\n');
    },
    async target(app) {
      const token = await loginAt(app.origin, '13800000004');
      return { url: `${app.origin}/v1/board/posts?poiId=${BIG}`, method: 'GET', headers: { token } };
    },
  });
  const usesIndex = plan.includes('board_posts_feed_idx');
  const execution = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? '?';
  return {
    ...report,
    notes: `${report.notes}\n    EXPLAIN of the feed's query: ${usesIndex ? 'walks board_posts_feed_idx' : 'DOES NOT use board_posts_feed_idx'}, ${execution} ms\n${plan.replace(/^/gm, '      ')}`,
  };
}
