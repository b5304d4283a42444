import { BOARD_HIDDEN_KEEP_MONTHS } from '@sq/contract/board/board-rules';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client';
import type { Tx } from '../../db/in-turn';
import type { ImageUses } from '../images/uses';
import { postRef } from './posts-repo';


/**
 * Inside the retention run's transaction: deletes what was hidden more than the period ago (a
 * post with its comments and likes), releases its photos and drops the reports on it. Counts
 * per community.
 */
export async function deleteHiddenBoardContent(tx: Tx, now: Date, uses: ImageUses): Promise<{ poi_id: string; n: number }[]> {
  const before = sql`${now.toISOString()}::timestamptz - make_interval(months => ${BOARD_HIDDEN_KEEP_MONTHS})`;
  const posts = rowsOf<{ id: string; poi_id: string }>(await tx.execute(sql`delete from board_posts where hidden_at < ${before} returning id, poi_id`));
  const comments = rowsOf<{ id: string; poi_id: string }>(await tx.execute(sql`delete from board_comments where hidden_at < ${before} returning id, poi_id`));
  for (const p of posts) await uses.release(tx, postRef(p.id));
  if (posts.length || comments.length) {
    await tx.execute(sql`delete from board_reports r where r.target = 'post' and not exists (select 1 from board_posts p where p.id = r.target_id)`);
    await tx.execute(sql`delete from board_reports r where r.target = 'comment' and not exists (select 1 from board_comments c where c.id = r.target_id)`);
  }
  const counts = new Map<string, number>();
  for (const r of [...posts, ...comments]) counts.set(r.poi_id, (counts.get(r.poi_id) ?? 0) + 1);
  return [...counts].map(([poi_id, n]) => ({ poi_id, n }));
}
