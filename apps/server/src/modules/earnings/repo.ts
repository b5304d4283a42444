import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';

export interface OrderRow {
  id: string;
  orderNo: string;
  title: string;
  total: number;
  refunded: number;
  bp: number;
  status: string;
  paidAt: string;
  settledAt: string | null;
  settledCommission: number | null;
}

/** The 团长's orders and commission: orders for what is pending, the ledger for what was settled. */
export function createEarningsRepo(db: Db) {
  async function orders(leaderId: string, where: SQL = sql`true`, limit = 200): Promise<OrderRow[]> {
    return rowsOf<OrderRow>(
      await db.execute(sql`
        select o.id, o.order_no as "orderNo", gb.title, o.total_fen as total, o.refunded_fen as refunded, o.commission_bp as bp, o.status,
          o.paid_at as "paidAt", o.settled_at as "settledAt",
          (select -sum(l.amount_fen) from ledger_postings p join ledger_lines l on l.posting_id = p.id
            where p.kind = 'settlement' and p.order_id = o.id and l.account = 'commission' and l.party = ${leaderId})::int as "settledCommission"
        from orders o join group_buys gb on gb.id = o.group_buy_id
        where o.leader_id = ${leaderId} and o.status in ('paid', 'collected') and o.paid_at is not null and ${where}
        order by o.paid_at desc, o.id limit ${limit}`),
    );
  }


  return {
    orders,
    /** Orders paid or settled in [from, to). */
    ordersWithin: (leaderId: string, from: Date, to: Date) =>
      orders(
        leaderId,
        sql`((o.paid_at >= ${from.toISOString()}::timestamptz and o.paid_at < ${to.toISOString()}::timestamptz)
          or (o.settled_at >= ${from.toISOString()}::timestamptz and o.settled_at < ${to.toISOString()}::timestamptz))`,
        100_000,
      ),
    async leader(userId: string, leaderId: string) {
      return rowsOf<{ id: string; display_name: string; poi_id: string }>(
        await db.execute(sql`select id, display_name, poi_id from group_leaders where id = ${leaderId} and user_id = ${userId} and status in ('approved', 'suspended')`),
      )[0] ?? null;
    },
    async leadersOf(userId: string) {
      return rowsOf<{ id: string; poiId: string; displayName: string; pickupPoint: string }>(
        await db.execute(sql`select id, poi_id as "poiId", display_name as "displayName", pickup_point as "pickupPoint" from group_leaders where user_id = ${userId} and status in ('approved', 'suspended') order by created_at`),
      );
    },
    /** The commission the waiting orders would give if settled now (rounded down per order). */
    async pending(leaderId: string) {
      const [r] = rowsOf<{ n: string }>(
        await db.execute(sql`select coalesce(sum(floor((total_fen - refunded_fen) * commission_bp / 10000.0)), 0) as n from orders
          where leader_id = ${leaderId} and status = 'paid' and settled_at is null`),
      );
      return Number(r!.n);
    },
    /** The commission settled to the 团长 in the ledger. */
    async settled(leaderId: string) {
      const [r] = rowsOf<{ n: string }>(await db.execute(sql`select coalesce(-sum(amount_fen), 0) as n from ledger_lines where account = 'commission' and party = ${leaderId}`));
      return Number(r!.n);
    },
  };
}
export type EarningsRepo = ReturnType<typeof createEarningsRepo>;
