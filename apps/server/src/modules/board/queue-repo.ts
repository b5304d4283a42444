import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import type { KeysetCursor } from '../../db/keyset';
import type { BoardImage } from '../../db/schema';

export interface QueueRow {
  target: 'post' | 'comment';
  id: string;
  post_id: string;
  kind: string | null;
  text: string;
  images: BoardImage[];
  status: string;
  held_reasons: string[];
  removed_reason: string | null;
  created_at: Date;
  cursor_at: string;
  poi_id: string;
  author_open_id: string;
  author_name: string;
  author_mobile_enc: string;
  muted_until: Date | null;
}

/**
 * 邻里圈管理's queue: posts and comments of one community that wait (held, or visible with open
 * reports) oldest first, or that staff removed, newest first; with their authors and mutes.
 */
export function createQueueRepo(db: Db) {
  const which = (status: 'pending' | 'removed', alias: string) =>
    status === 'pending'
      ? sql.raw(`(${alias}.status = 'held' or (${alias}.status = 'visible' and ${alias}.report_count > 0))`)
      : sql.raw(`${alias}.status = 'removed'`);

  const items = (poiId: string, status: 'pending' | 'removed') => sql`
    select 'post' as target, p.id, p.id as post_id, p.kind, p.text, p.images, p.status, p.held_reasons, p.removed_reason, p.created_at, p.author_id, p.poi_id
      from board_posts p where p.poi_id = ${poiId} and ${which(status, 'p')}
    union all
    select 'comment', c.id, c.post_id, null, c.text, '[]'::jsonb, c.status, c.held_reasons, c.removed_reason, c.created_at, c.author_id, c.poi_id
      from board_comments c where c.poi_id = ${poiId} and ${which(status, 'c')}`;

  return {
    async page(q: { poiId: string; status: 'pending' | 'removed'; cursor: KeysetCursor | null; limit: number; now: Date }): Promise<QueueRow[]> {
      const asc = q.status === 'pending';
      const after = q.cursor
        ? asc
          ? sql`where (q.created_at, q.id) > (${q.cursor.at}::timestamptz, ${q.cursor.id}::uuid)`
          : sql`where (q.created_at, q.id) < (${q.cursor.at}::timestamptz, ${q.cursor.id}::uuid)`
        : sql``;
      const rows = rowsOf<QueueRow>(
        await db.execute(sql`
          select q.*, q.created_at::text as cursor_at, u.open_id as author_open_id, u.username as author_name, u.mobile_enc as author_mobile_enc, m.until as muted_until
          from (${items(q.poiId, q.status)}) q
          join users u on u.id = q.author_id
          left join board_mutes m on m.poi_id = q.poi_id and m.user_id = q.author_id and m.until > ${q.now.toISOString()}::timestamptz
          ${after}
          order by q.created_at ${sql.raw(asc ? 'asc' : 'desc')}, q.id ${sql.raw(asc ? 'asc' : 'desc')}
          limit ${q.limit}`),
      );
      return rows.map((r) => ({ ...r, created_at: new Date(r.created_at), muted_until: r.muted_until ? new Date(r.muted_until) : null }));
    },

    async pendingCount(poiId: string): Promise<number> {
      const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (${items(poiId, 'pending')}) q`));
      return row?.n ?? 0;
    },

    /** The reports on these items by reason (open ones; all of them for removed content). */
    async reportsOf(ids: string[], openOnly: boolean) {
      if (!ids.length) return [];
      return rowsOf<{ target_id: string; reason: string; count: number; detail: string }>(
        await db.execute(sql`
          select target_id, reason, count(*)::int as count, coalesce(string_agg(nullif(detail, ''), '；' order by created_at), '') as detail
          from board_reports
          where target_id = any(${sql.param(ids)}::uuid[]) ${openOnly ? sql`and resolved_at is null` : sql``}
          group by target_id, reason
          order by count(*) desc`),
      );
    },
  };
}
export type QueueRepo = ReturnType<typeof createQueueRepo>;
