import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client';
import type { Tx } from '../../db/in-turn';

export type SystemRefundCause = 'failed_group' | 'cancelled';

/** A paid order whose money goes back in full: the refunds to send and whom to tell. */
export interface RefundedOrder {
  orderId: string;
  userId: string;
  refundIds: string[];
}

/**
 * Every paid order of a group buy refunded by the system (成团 not reached, or the seller
 * cancelled), inside the caller's transaction: a buyer's refund still waiting for the seller is
 * granted as asked, and one more refund row holds every unit not yet collected, refunded or
 * being refunded – cause `cause`, status `refunding`, for PaymentsPort.sendRefund after commit.
 * Its out_refund_no is the order's number and a letter (F failed, C cancelled): one per order, so
 * a re-run adds nothing.
 */
export async function refundPaidOrders(tx: Tx, groupBuyId: string, cause: SystemRefundCause, reason: string, at: Date): Promise<RefundedOrder[]> {
  const paid = rowsOf<{ id: string; order_no: string; user_id: string }>(
    await tx.execute(sql`select id, order_no, user_id from orders where group_buy_id = ${groupBuyId} and status = 'paid' order by created_at for update`),
  );
  const out: RefundedOrder[] = [];
  for (const o of paid) {
    const granted = rowsOf<{ id: string }>(
      await tx.execute(sql`update refunds set status = 'refunding', decided_at = ${at.toISOString()}::timestamptz where order_id = ${o.id} and status = 'requested' returning id`),
    );
    const lines = rowsOf<{ item_id: string; price_fen: number; rest: number }>(
      await tx.execute(sql`
        select l.item_id, l.price_fen,
               l.qty - l.collected_qty - l.refunded_qty - coalesce((
                 select sum((x->>'qty')::int) from refunds r, jsonb_array_elements(r.lines) x
                 where r.order_id = l.order_id and r.status = 'refunding' and x->>'itemId' = l.item_id::text), 0) as rest
        from order_lines l where l.order_id = ${o.id}`),
    ).filter((l) => Number(l.rest) > 0);
    const amount = lines.reduce((s, l) => s + Number(l.price_fen) * Number(l.rest), 0);
    const ids = granted.map((g) => g.id);
    if (amount > 0) {
      const [made] = rowsOf<{ id: string }>(
        await tx.execute(sql`
          insert into refunds (order_id, out_refund_no, amount_fen, lines, cause, reason, status, decided_at)
          values (${o.id}, ${`${o.order_no}${cause === 'failed_group' ? 'F' : 'C'}`}, ${amount},
                  ${JSON.stringify(lines.map((l) => ({ itemId: l.item_id, qty: Number(l.rest) })))}::jsonb,
                  ${cause}, ${reason}, 'refunding', ${at.toISOString()}::timestamptz)
          on conflict (out_refund_no) do nothing returning id`),
      );
      if (made) ids.push(made.id);
    }
    out.push({ orderId: o.id, userId: o.user_id, refundIds: ids });
  }
  return out;
}
