import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import type { Tx } from '../../db/in-turn';
import type { ShopImage } from '../../db/schema';
import type { RefundState } from '@sq/contract/refunds/refunds';

export interface RefundRow {
  id: string;
  orderId: string;
  orderNo: string;
  title: string;
  poiId: string;
  buyerId: string;
  seller: string;
  sellerUser: string | null;
  amountFen: number;
  lines: { itemId: string; qty: number; name?: string }[];
  reason: string;
  photos: ShopImage[];
  status: RefundState;
  refuseReason: string | null;
  createdAt: string;
  decidedAt: string | null;
  buyerName: string;
  buyerMobileEnc: string;
}

/** Refunds' reads and writes (the order's lock is the pickup repo's). */
export function createRefundsRepo(db: Db) {
  async function rows(where: SQL, limit = 200): Promise<RefundRow[]> {
    return rowsOf<RefundRow>(
      await db.execute(sql`
        select r.id, r.order_id as "orderId", o.order_no as "orderNo", gb.title, o.poi_id as "poiId", o.user_id as "buyerId",
          coalesce(gb.merchant_id, gb.leader_id) as seller, (select user_id from group_leaders where id = gb.leader_id) as "sellerUser",
          r.amount_fen as "amountFen",
          (select jsonb_agg(jsonb_build_object('itemId', e->>'itemId', 'qty', (e->>'qty')::int, 'name', l.name))
             from jsonb_array_elements(r.lines) e left join order_lines l on l.order_id = r.order_id and l.item_id::text = e->>'itemId') as lines,
          r.reason, r.photos, r.status, r.refuse_reason as "refuseReason", r.created_at as "createdAt", r.decided_at as "decidedAt",
          u.username as "buyerName", u.mobile_enc as "buyerMobileEnc"
        from refunds r join orders o on o.id = r.order_id join group_buys gb on gb.id = o.group_buy_id join users u on u.id = o.user_id
        where ${where} order by r.created_at desc, r.id limit ${limit}`),
    );
  }


  const openSum = async (q: Db | Tx, orderId: string) =>
    rowsOf<{ n: number }>(await q.execute(sql`select coalesce(sum(amount_fen), 0)::int as n from refunds where order_id = ${orderId} and status in ('requested', 'refunding', 'failed')`))[0]!.n;

  return {
    one: async (id: string) => (await rows(sql`r.id = ${id}`, 1))[0] ?? null,
    ofBuyer: (userId: string) => rows(sql`o.user_id = ${userId}`),
    waitingOfSeller: (sellerId: string) => rows(sql`coalesce(gb.merchant_id, gb.leader_id) = ${sellerId} and r.status in ('requested', 'failed')`),
    /** Fen asked by the order's refunds not yet refused or done. */
    openSum,
    /** `afterPickup`: units already handed over (a bad item), kept as cause `bad_item` so completing it takes them from collected. */
    async insert(tx: Tx, r: { id: string; orderId: string; outRefundNo: string; amountFen: number; lines: { itemId: string; qty: number }[]; afterPickup: boolean; reason: string; photos: ShopImage[]; at: Date }) {
      await tx.execute(sql`
        insert into refunds (id, order_id, out_refund_no, amount_fen, lines, cause, reason, photos, status, created_at)
        values (${r.id}, ${r.orderId}, ${r.outRefundNo}, ${r.amountFen}, ${JSON.stringify(r.lines)}::jsonb, ${r.afterPickup ? 'bad_item' : 'buyer'}, ${r.reason}, ${JSON.stringify(r.photos)}::jsonb, 'requested', ${r.at.toISOString()}::timestamptz)`);
    },
    /** requested → refunding in one statement: false when it was decided already. */
    async agree(id: string, by: string, at: Date) {
      return rowsOf(await db.execute(sql`update refunds set status = 'refunding', decided_by = ${by}, decided_at = ${at.toISOString()}::timestamptz where id = ${id} and status = 'requested' returning id`)).length > 0;
    },
    async refuse(tx: Tx, id: string, by: string, reason: string, at: Date) {
      return rowsOf(await tx.execute(sql`update refunds set status = 'refused', refuse_reason = ${reason}, decided_by = ${by}, decided_at = ${at.toISOString()}::timestamptz where id = ${id} and status = 'requested' returning id`)).length > 0;
    },
    /** The seller's 团长 and shop owner (told of a new request). */
    async sellerUsers(seller: string) {
      return rowsOf<{ user_id: string }>(await db.execute(sql`select user_id from group_leaders where id = ${seller} union select owner_id from merchants where id = ${seller}`)).map((r) => r.user_id);
    },
  };
}
export type RefundsRepo = ReturnType<typeof createRefundsRepo>;
