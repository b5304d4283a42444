import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import type { Tx } from '../../db/in-turn';

export interface OrderRow {
  id: string;
  orderNo: string;
  userId: string;
  poiId: string;
  status: string;
  /** The group buy's: goods are handed over only once it is 成团 (succeeded). */
  groupBuyStatus: string;
  totalFen: number;
  refundedFen: number;
  seller: string;
  groupBuyTitle: string;
  pickupPoint: string;
  pickupFrom: Date;
  pickupUntil: Date;
  buyerName: string;
  buyerMobileEnc: string;
  refundOpen: boolean;
}
export interface LineRow {
  orderId: string;
  itemId: string;
  name: string;
  priceFen: number;
  qty: number;
  collected: number;
  refunded: number;
  /** Units asked by refunds not yet decided or done. */
  asked: number;
}

const ORDER_COLUMNS = sql`o.id, o.order_no as "orderNo", o.user_id as "userId", o.poi_id as "poiId", o.status, gb.status as "groupBuyStatus", o.total_fen as "totalFen", o.refunded_fen as "refundedFen",
  coalesce(gb.merchant_id, gb.leader_id) as seller, gb.title as "groupBuyTitle", gb.pickup_point as "pickupPoint", gb.pickup_from as "pickupFrom", gb.pickup_until as "pickupUntil",
  u.username as "buyerName", u.mobile_enc as "buyerMobileEnc",
  exists (select 1 from refunds r where r.order_id = o.id and r.status in ('requested', 'refunding', 'failed')) as "refundOpen"`;

/** The orders' reads and the pickup's one write. */
export function createPickupRepo(db: Db) {
  async function orders(q: Db | Tx, where: SQL, limit = 5000): Promise<OrderRow[]> {
    return rowsOf<OrderRow>(
      await q.execute(sql`select ${ORDER_COLUMNS} from orders o join group_buys gb on gb.id = o.group_buy_id join users u on u.id = o.user_id
        where ${where} order by gb.pickup_from, o.created_at, o.id limit ${limit}`),
    ).map((r) => ({ ...r, pickupFrom: new Date(r.pickupFrom), pickupUntil: new Date(r.pickupUntil) }));
  }

  async function lines(q: Db | Tx, orderIds: string[]): Promise<Map<string, LineRow[]>> {
    const byOrder = new Map<string, LineRow[]>();
    if (!orderIds.length) return byOrder;
    const rows = rowsOf<LineRow>(
      await q.execute(sql`
        select l.order_id as "orderId", l.item_id as "itemId", l.name, l.price_fen as "priceFen", l.qty, l.collected_qty as collected, l.refunded_qty as refunded,
          coalesce((select sum((e->>'qty')::int) from refunds r, jsonb_array_elements(r.lines) e
                    where r.order_id = l.order_id and r.status in ('requested', 'refunding', 'failed') and e->>'itemId' = l.item_id::text), 0)::int as asked
        from order_lines l join group_buy_items i on i.id = l.item_id
        where l.order_id in (${sql.join(
          orderIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by i.sort, l.name`),
    );
    for (const r of rows) byOrder.set(r.orderId, [...(byOrder.get(r.orderId) ?? []), r]);
    return byOrder;
  }

  return {
    orders,
    lines,
    /** The seller's paid orders still to collect (the kit, the 待取 list). */
    sellerWaiting: (sellerId: string, limit: number) => orders(db, sql`coalesce(gb.merchant_id, gb.leader_id) = ${sellerId} and o.status = 'paid' and gb.status = 'succeeded'`, limit),
    /** The buyer's own paid orders waiting for pickup. */
    buyerWaiting: (userId: string, limit: number) => orders(db, sql`o.user_id = ${userId} and o.status = 'paid' and gb.status = 'succeeded'`, limit),
    async order(q: Db | Tx, id: string): Promise<OrderRow | null> {
      return (await orders(q, sql`o.id = ${id}`, 1))[0] ?? null;
    },
    /** Locks the order for a pickup or a refund decision (in the caller's transaction). */
    async lock(tx: Tx, id: string) {
      await tx.execute(sql`select 1 from orders where id = ${id} for update`);
    },
    /** Raises a line's collected units to `collected` (never lowers them: a pickup sent twice is once). */
    async collect(tx: Tx, orderId: string, itemId: string, collected: number) {
      await tx.execute(sql`update order_lines set collected_qty = greatest(collected_qty, ${collected}) where order_id = ${orderId} and item_id = ${itemId}`);
    },
  };
}
export type PickupRepo = ReturnType<typeof createPickupRepo>;
