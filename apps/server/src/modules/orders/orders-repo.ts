import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import type { Tx } from '../../db/in-turn';
import { groupBuyItems, groupBuys, groupLeaders, merchants, orderLines, orders, refunds } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type LineRow = typeof orderLines.$inferSelect;

/** An item's units could not be held: which item and what is left (the order is refused whole). */
export class ShortItem extends Error {
  constructor(
    readonly item: string | null,
    readonly left: number,
  ) {
    super('short');
  }
}

export function createOrdersRepo(db: Db) {
  // Read by every order of a rush (bench orders): built once and prepared.
  // With it, its own leader when approved (the one credited unless a shared link names another).
  const groupBuyById = db
    .select({ g: groupBuys, ownLeader: groupLeaders })
    .from(groupBuys)
    .leftJoin(groupLeaders, and(eq(groupLeaders.id, groupBuys.leaderId), eq(groupLeaders.status, 'approved')))
    .where(eq(groupBuys.id, sql.placeholder('id')))
    .limit(1)
    .prepare('orders_group_buy');

  return {
    async groupBuy(id: string) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
      const [found] = await groupBuyById.execute({ id });
      return found ?? null;
    },

    async byClientKey(dbx: Db | Tx, userId: string, clientKey: string): Promise<OrderRow | null> {
      const [o] = await dbx.select().from(orders).where(and(eq(orders.userId, userId), eq(orders.clientKey, clientKey))).limit(1);
      return o ?? null;
    },

    /**
     * What the person already has of the group buy, in one statement: the order sent earlier with
     * this `clientKey` (its id; null without a key or when there is none) and the units they hold
     * in unpaid and paid orders (the per-person limit's count).
     */
    async before(tx: Tx, groupBuyId: string, userId: string, clientKey: string | null): Promise<{ againId: string | null; held: number }> {
      const [r] = rowsOf<{ again_id: string | null; held: string }>(
        await tx.execute(sql`select
          (select ${orders.id} from ${orders} where ${orders.userId} = ${userId} and ${orders.clientKey} = ${clientKey}) as again_id,
          (select coalesce(sum(${orderLines.qty} - ${orderLines.refundedQty}), 0) from ${orderLines} inner join ${orders} on ${orders.id} = ${orderLines.orderId}
            where ${orders.groupBuyId} = ${groupBuyId} and ${orders.userId} = ${userId} and ${orders.status} in ('unpaid', 'paid', 'collected')) as held`),
      );
      return { againId: r?.again_id ?? null, held: Number(r?.held ?? 0) };
    },

    async byId(tx: Tx, id: string): Promise<OrderRow> {
      const [o] = await tx.select().from(orders).where(eq(orders.id, id));
      return o!;
    },

    /**
     * Holds `qty` units of the item in one statement: `sold + qty <= stock` is in its WHERE, so
     * parallel orders queue on the item's row and none takes what another has taken. ShortItem
     * when there are not enough (or the item is not the group buy's: name null).
     */
    async hold(tx: Tx, groupBuyId: string, itemId: string, qty: number): Promise<{ name: string; priceFen: number }> {
      const held = rowsOf<{ name: string; price_fen: number }>(
        await tx.execute(sql`update group_buy_items set sold = sold + ${qty} where id = ${itemId} and group_buy_id = ${groupBuyId} and sold + ${qty} <= stock returning name, price_fen`),
      );
      if (held[0]) return { name: held[0].name, priceFen: Number(held[0].price_fen) };
      const [item] = await tx
        .select({ name: groupBuyItems.name, left: sql<number>`${groupBuyItems.stock} - ${groupBuyItems.sold}` })
        .from(groupBuyItems)
        .where(and(eq(groupBuyItems.id, itemId), eq(groupBuyItems.groupBuyId, groupBuyId)));
      throw new ShortItem(item?.name ?? null, Number(item?.left ?? 0));
    },

    /**
     * The order and its lines in one statement (one round trip of the rush's nine): the lines go in a
     * CTE with the order's id drawn here; their foreign key is checked at the statement's end.
     */
    async insert(tx: Tx, order: typeof orders.$inferInsert, lines: Omit<typeof orderLines.$inferInsert, 'orderId'>[]): Promise<OrderRow> {
      const id = randomUUID();
      const withLines = tx.$with('order_lines_in').as(tx.insert(orderLines).values(lines.map((l) => ({ ...l, orderId: id }))));
      const [o] = await tx.with(withLines).insert(orders).values({ ...order, id }).returning();
      return o!;
    },

    /** Closes the person's unpaid order and gives its units back, in one transaction; null when it is not unpaid. */
    async cancelUnpaid(orderId: string, userId: string, at: Date): Promise<OrderRow | null> {
      return db.transaction(async (tx) => {
        const [o] = await tx
          .update(orders)
          .set({ status: 'closed', closedAt: at })
          .where(and(eq(orders.id, orderId), eq(orders.userId, userId), eq(orders.status, 'unpaid')))
          .returning();
        if (!o) return null;
        await tx.execute(sql`update group_buy_items i set sold = i.sold - l.qty from order_lines l where l.order_id = ${o.id} and i.id = l.item_id`);
        return o;
      });
    },

    async find(id: string, userId: string): Promise<OrderRow | null> {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
      const [o] = await db.select().from(orders).where(and(eq(orders.id, id), eq(orders.userId, userId))).limit(1);
      return o ?? null;
    },

    async counts(userId: string) {
      const [r] = rowsOf<{ unpaid: string; paid: string; collected: string; refund: string }>(
        await db.execute(sql`
          select count(*) filter (where status = 'unpaid') as unpaid, count(*) filter (where status = 'paid') as paid,
                 count(*) filter (where status = 'collected') as collected,
                 count(*) filter (where exists (select 1 from refunds r where r.order_id = o.id)) as refund
          from orders o where o.user_id = ${userId}`),
      );
      return { unpaid: Number(r?.unpaid ?? 0), paid: Number(r?.paid ?? 0), collected: Number(r?.collected ?? 0), refund: Number(r?.refund ?? 0) };
    },

    /** What the order views need besides the orders: their lines, group buys (with seller names) and refunds. */
    async detailsOf(ids: readonly string[], groupBuyIds: readonly string[]) {
      if (ids.length === 0) return { lines: [] as LineRow[], buys: [], refunded: new Set<string>() };
      const [lines, buys, withRefund] = await Promise.all([
        db.select().from(orderLines).where(inArray(orderLines.orderId, [...ids])),
        db
          .select({
            id: groupBuys.id,
            title: groupBuys.title,
            poiId: groupBuys.poiId,
            pickupPoint: groupBuys.pickupPoint,
            pickupFrom: groupBuys.pickupFrom,
            pickupUntil: groupBuys.pickupUntil,
            seller: sql<string>`coalesce(${groupLeaders.displayName}, ${merchants.name}, '')`,
          })
          .from(groupBuys)
          .leftJoin(groupLeaders, eq(groupLeaders.id, groupBuys.leaderId))
          .leftJoin(merchants, eq(merchants.id, groupBuys.merchantId))
          .where(inArray(groupBuys.id, [...new Set(groupBuyIds)])),
        db.selectDistinct({ orderId: refunds.orderId }).from(refunds).where(inArray(refunds.orderId, [...ids])),
      ]);
      return { lines, buys, refunded: new Set(withRefund.map((r) => r.orderId)) };
    },
  };
}
export type OrdersRepo = ReturnType<typeof createOrdersRepo>;
