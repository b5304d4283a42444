import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/in-turn';

/**
 * An erased account (mydata): its posts and comments leave the board at once – hidden as if the
 * person deleted them, kept for the same period, then deleted by the retention job – its likes
 * go and the counts follow. Inside the erasure's transaction.
 */
export async function hideBoardContentOf(tx: Tx, userId: string): Promise<void> {
  const user = sql`${userId}::uuid`;
  await tx.execute(sql`
    update board_posts p set comment_count = p.comment_count - x.n
    from (select post_id, count(*)::int as n from board_comments where author_id = ${user} and status = 'visible' group by post_id) x
    where p.id = x.post_id`);
  await tx.execute(sql`update board_comments set status = 'deleted', hidden_at = coalesce(hidden_at, now()) where author_id = ${user} and status <> 'deleted'`);
  await tx.execute(sql`update board_posts p set like_count = p.like_count - 1 from board_likes l where l.post_id = p.id and l.user_id = ${user}`);
  await tx.execute(sql`delete from board_likes where user_id = ${user}`);
  await tx.execute(sql`
    update board_posts set status = 'deleted', hidden_at = coalesce(hidden_at, now()), pinned_until = null
    where author_id = ${user} and status <> 'deleted'`);
  await tx.execute(sql`delete from board_rule_acceptances where user_id = ${user}`);
}
