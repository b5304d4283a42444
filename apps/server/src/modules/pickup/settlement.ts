import { sql } from 'drizzle-orm';
import { commissionFen } from '@sq/contract/groupbuys/ledger';
import { rowsOf } from '../../db/client';
import type { Tx } from '../../db/in-turn';
import { postToLedger } from '../ledger/ledger';

/**
 * An order whose every unit is collected or refunded, with no refund open and some unit collected,
 * becomes `collected` and is settled once (issue 36 item 6): held +(total − refunded), the seller
 * −(rest − commission) (party: the shop or the selling 团长), the crediting 团长 −commission (none
 * when no 团长 is credited). Called inside the transaction of whatever completed the order: a
 * pickup, a refund refused, and – by the payments module – a refund done. Answers whether it settled.
 */
export async function settleIfDone(tx: Tx, orderId: string, at: Date): Promise<boolean> {
  const [o] = rowsOf<{ order_no: string; total_fen: number; refunded_fen: number; commission_bp: number; leader_id: string | null; seller: string; status: string; settled_at: Date | null }>(
    await tx.execute(sql`
      select o.order_no, o.total_fen, o.refunded_fen, o.commission_bp, o.leader_id, coalesce(gb.merchant_id, gb.leader_id) as seller, o.status, o.settled_at
      from orders o join group_buys gb on gb.id = o.group_buy_id where o.id = ${orderId} for update of o`),
  );
  if (!o || o.status !== 'paid' || o.settled_at) return false;
  const [state] = rowsOf<{ open_lines: number; collected: number; open_refunds: number }>(
    await tx.execute(sql`
      select (select count(*) from order_lines where order_id = ${orderId} and collected_qty + refunded_qty < qty)::int as open_lines,
             (select coalesce(sum(collected_qty), 0) from order_lines where order_id = ${orderId})::int as collected,
             (select count(*) from refunds where order_id = ${orderId} and status in ('requested', 'refunding', 'failed'))::int as open_refunds`),
  );
  if (!state || state.open_lines > 0 || state.open_refunds > 0 || state.collected === 0) return false;
  const rest = o.total_fen - o.refunded_fen;
  const commission = o.leader_id ? commissionFen(rest, o.commission_bp) : 0;
  await postToLedger(tx, {
    kind: 'settlement',
    ref: o.order_no,
    orderId,
    lines: [
      { account: 'held', party: null, amountFen: rest },
      { account: 'seller', party: o.seller, amountFen: -(rest - commission) },
      ...(o.leader_id ? [{ account: 'commission' as const, party: o.leader_id, amountFen: -commission }] : []),
    ],
  });
  const iso = at.toISOString();
  await tx.execute(sql`update orders set status = 'collected', collected_at = ${iso}::timestamptz, settled_at = ${iso}::timestamptz where id = ${orderId}`);
  return true;
}
