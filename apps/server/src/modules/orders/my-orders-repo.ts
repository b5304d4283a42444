import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cursorText, olderThan, type KeysetCursor } from '../../db/keyset';
import { orders } from '../../db/schema';

/**
 * The buyer's orders in one list state, newest first, a page at a time (keyset on created_at and
 * id: orders sharing a created_at are neither skipped nor repeated; `cursorAt` is the timestamp at
 * PostgreSQL's full precision). `limit + 1` rows answered, for pageOf to tell whether more follow.
 */
export function createMyOrdersRepo(db: Db) {
  return {
    async page(userId: string, state: string, cursor: KeysetCursor | null, limit: number) {
      const cond =
        state === 'all'
          ? undefined
          : state === 'refund'
            ? sql`exists (select 1 from refunds r where r.order_id = ${orders.id})`
            : eq(orders.status, state);
      const rows = await db
        .select({ order: orders, cursorAt: cursorText(orders.createdAt) })
        .from(orders)
        .where(and(eq(orders.userId, userId), cond, olderThan(orders.createdAt, orders.id, cursor)))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit + 1);
      return rows.map((r) => ({ ...r.order, cursorAt: r.cursorAt }));
    },
  };
}
export type MyOrdersRepo = ReturnType<typeof createMyOrdersRepo>;
