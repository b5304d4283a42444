import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Where the previous batch of a newest-first keyset pager ended: its last row's timestamp as
 * PostgreSQL's own text (microseconds; a JavaScript Date keeps milliseconds, and rows that share a
 * timestamp to the microsecond – any multi-row insert taking the column's default – were skipped
 * when the cursor went through one) and its id, which breaks ties.
 */
export interface KeysetCursor {
  at: string;
  id: string;
}

/** The column to select as the cursor's `at`. */
export const cursorText = (column: AnyColumn) => sql<string>`${column}::text`;

/** Rows after `cursor` in `order by at desc, id desc`; everything when there is none yet. */
export function olderThan(at: AnyColumn, id: AnyColumn, cursor: KeysetCursor | null): SQL | undefined {
  return cursor ? sql`(${at}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined;
}
