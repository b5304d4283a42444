import { sql } from 'drizzle-orm';
import { beijingDateTime } from '@sq/contract/beijing-time';
import { rowsOf, type Db } from '../../db/client';
import type { RefundSender } from './refund-sender';
import { refundPaidOrders, type RefundedOrder } from './system-refunds';

/** How often the close job looks for group buys whose window has closed. */
export const DECIDE_EVERY_MS = 60_000;
/** Group buys decided in one pass (the rest in the next). */
const DECIDE_BATCH = 20;

export interface Decision {
  groupBuyId: string;
  poiId: string;
  title: string;
  outcome: 'succeeded' | 'failed';
  buyers: number;
  minOrders: number;
  orders: RefundedOrder[];
  pickup: string;
}

/**
 * 成团 (issue 36 item 1): when a group buy's window closes, its paid orders' distinct buyers are
 * counted: at least `min_orders` → succeeded; else failed, and every paid order refunded by itself
 * (system-refunds.ts). One pass in one transaction under an advisory lock, so one process of the
 * cluster decides; the rows are committed before any refund is sent or buyer told, and a crash in
 * between leaves refunds `refunding` for the payments job. Unpaid orders are the payments module's
 * (closed after 15 minutes, stock given back).
 */
export async function runGroupBuyDecisions(deps: { db: Db; sender: RefundSender; now: () => Date }): Promise<Decision[] | null> {
  const at = deps.now();
  const decided = await deps.db.transaction(async (tx) => {
    const got = rowsOf<{ got: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('sq.groupbuys.decide')) as got`))[0]!.got;
    if (!got) return null;
    const due = rowsOf<{ id: string; poi_id: string; title: string; min_orders: number; pickup_point: string; pickup_from: Date | string }>(
      await tx.execute(sql`
        select id, poi_id, title, min_orders, pickup_point, pickup_from from group_buys
        where status = 'open' and closes_at <= ${at.toISOString()}::timestamptz
        order by closes_at limit ${DECIDE_BATCH} for update skip locked`),
    );
    const out: Decision[] = [];
    for (const g of due) {
      const paid = rowsOf<{ id: string; user_id: string }>(await tx.execute(sql`select id, user_id from orders where group_buy_id = ${g.id} and status in ('paid', 'collected')`));
      const buyers = new Set(paid.map((o) => o.user_id)).size;
      const outcome = buyers >= Number(g.min_orders) ? 'succeeded' : 'failed';
      await tx.execute(sql`
        update group_buys set status = ${outcome}, decided_at = ${at.toISOString()}::timestamptz,
               status_reason = ${outcome === 'failed' ? `截单时${buyers}人参团，未达到${g.min_orders}人成团` : null}
        where id = ${g.id}`);
      const orders =
        outcome === 'failed'
          ? await refundPaidOrders(tx, g.id, 'failed_group', '未成团，系统自动退款', at)
          : paid.map((o) => ({ orderId: o.id, userId: o.user_id, refundIds: [] }));
      out.push({
        groupBuyId: g.id,
        poiId: g.poi_id,
        title: g.title,
        outcome,
        buyers,
        minOrders: Number(g.min_orders),
        orders,
        pickup: `${beijingDateTime(new Date(g.pickup_from))}起到${g.pickup_point}`,
      });
    }
    return out;
  });
  if (!decided) return null;
  for (const d of decided) {
    const sentence =
      d.outcome === 'succeeded'
        ? `已成团！请于${d.pickup}凭订单的取货码自提。`
        : `截单时只有${d.buyers}人参团，未达到${d.minOrders}人成团，您的付款将原路退回，请留意退款到账。`;
    await deps.sender.sendAndTell(d.orders, { poiId: d.poiId, title: d.title, outcome: d.outcome, sentence });
  }
  return decided;
}

/** Runs `run` every `everyMs` (0: never, as in tests that call it themselves); a pass never overlaps the last. */
export function scheduleGroupBuyDecisions(run: () => Promise<unknown>, everyMs: number, onError: (e: unknown) => void): () => Promise<void> {
  if (everyMs <= 0) return async () => {};
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = run()
      .catch(onError)
      .finally(() => (running = null));
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
