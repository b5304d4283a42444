import { sql } from 'drizzle-orm';
import { commissionFen, LEDGER_KINDS } from '@sq/contract/groupbuys/ledger';
import { rowsOf, type Db } from '../../db/client';
import type { Tx } from '../../db/in-turn';
import { postToLedger } from '../ledger/ledger';
import { settleIfDone } from '../pickup/settlement';

export interface OrderRow {
  id: string;
  orderNo: string;
  userId: string;
  poiId: string;
  title: string;
  status: string;
  /** The group buy's: an order of one that failed 成团 or was cancelled is not paid any more. */
  groupBuyStatus: string;
  totalFen: number;
  refundedFen: number;
  payBy: Date;
  paidAt: Date | null;
  createdAt: Date;
}

export interface PaymentRow {
  orderId: string;
  channel: string;
  amountFen: number;
  state: string;
  transactionId: string | null;
  createdAt: Date;
}

export interface RefundRow {
  id: string;
  orderId: string;
  orderNo: string;
  orderTotalFen: number;
  outRefundNo: string;
  amountFen: number;
  lines: { itemId: string; qty: number }[];
  reason: string;
  status: string;
  createdAt: Date;
}

/** What a payment's confirmation (notice or query) says, already checked to be ours. */
export interface PaidTrade {
  outTradeNo: string;
  transactionId: string;
  totalFen: number;
  paidAt: Date;
}

export type PaidOutcome = 'paid' | 'already' | 'late' | 'unknown' | 'amount' | 'amountRefunded';
export type RefundOutcome = 'refunded' | 'failed' | 'already' | 'unknown' | 'processing' | 'amount';

const order = (r: Record<string, unknown>): OrderRow => ({
  id: r.id as string,
  orderNo: r.order_no as string,
  userId: r.user_id as string,
  poiId: r.poi_id as string,
  title: (r.title as string) ?? '',
  status: r.status as string,
  groupBuyStatus: r.buy_status as string,
  totalFen: Number(r.total_fen),
  refundedFen: Number(r.refunded_fen),
  payBy: new Date(r.pay_by as string),
  paidAt: r.paid_at ? new Date(r.paid_at as string) : null,
  createdAt: new Date(r.created_at as string),
});

const refund = (r: Record<string, unknown>): RefundRow => ({
  id: r.id as string,
  orderId: r.order_id as string,
  orderNo: r.order_no as string,
  orderTotalFen: Number(r.total_fen),
  outRefundNo: r.out_refund_no as string,
  amountFen: Number(r.amount_fen),
  lines: r.lines as RefundRow['lines'],
  reason: r.reason as string,
  status: r.status as string,
  createdAt: new Date(r.created_at as string),
});

const ORDER_COLUMNS = sql`o.id, o.order_no, o.user_id, o.poi_id, g.title, o.status, g.status as buy_status, o.total_fen, o.refunded_fen, o.pay_by, o.paid_at, o.created_at`;
// total_fen: what WeChat Pay took for the order (its refund API wants the trade's own total) – the
// order's total, unless a payment of another amount arrived (refunded in full as `amount_mismatch`).
const REFUND_COLUMNS = sql`r.id, r.order_id, o.order_no, coalesce((select p.amount_fen from payments p where p.order_id = o.id and p.state = 'paid'), o.total_fen) as total_fen, r.out_refund_no, r.amount_fen, r.lines, r.reason, r.status, r.created_at`;

/**
 * A refund WeChat Pay has paid back, applied to the order in the refund's transaction. Units not
 * handed over go back (to the stock of a group buy still open) and their money leaves `held`. A
 * bad item refunded after pickup (cause `bad_item`) moves its units from collected to refunded; if
 * the order was already settled, the money comes back out of what the seller and the 团长 were
 * owed – the commission by the difference it makes, rounded as the settlement rounded – so the
 * ledger still balances. An order all of whose units are now collected or refunded is settled.
 */
async function completeRefund(tx: Tx, f: { id: string; orderId: string; outRefundNo: string; amountFen: number; lines: { itemId: string; qty: number }[] }, at: Date) {
  const [o] = rowsOf<{ total_fen: number; refunded_fen: number; commission_bp: number; leader_id: string | null; seller: string; settled_at: Date | null; cause: string }>(
    await tx.execute(sql`
      select o.total_fen, o.refunded_fen, o.commission_bp, o.leader_id, coalesce(gb.merchant_id, gb.leader_id) as seller, o.settled_at, r.cause
      from orders o join group_buys gb on gb.id = o.group_buy_id join refunds r on r.id = ${f.id} where o.id = ${f.orderId} for update of o`),
  );
  if (o!.cause === 'amount_mismatch') {
    // Money of another amount than the order's went back whole: the order (closed, never paid at its
    // total) keeps refunded_fen 0; only the ledger records the money out, as its payment recorded it in.
    await postToLedger(tx, { kind: LEDGER_KINDS.refund, ref: f.outRefundNo, orderId: f.orderId, lines: [{ account: 'held', party: null, amountFen: f.amountFen }, { account: 'provider', party: null, amountFen: -f.amountFen }] });
    return;
  }
  const afterPickup = o!.cause === 'bad_item';
  await tx.execute(sql`
    update orders set refunded_fen = refunded_fen + ${f.amountFen},
      status = case when refunded_fen + ${f.amountFen} >= total_fen and status in ('paid', 'collected') then 'refunded' else status end
    where id = ${f.orderId}`);
  for (const line of f.lines) {
    if (afterPickup) {
      await tx.execute(sql`update order_lines set collected_qty = collected_qty - ${line.qty}, refunded_qty = refunded_qty + ${line.qty} where order_id = ${f.orderId} and item_id = ${line.itemId}`);
      continue;
    }
    await tx.execute(sql`update order_lines set refunded_qty = refunded_qty + ${line.qty} where order_id = ${f.orderId} and item_id = ${line.itemId}`);
    await tx.execute(sql`
      update group_buy_items i set sold = greatest(0, sold - ${line.qty})
      from group_buys g where i.id = ${line.itemId} and g.id = i.group_buy_id and g.status = 'open'`);
  }
  const provider = { account: 'provider' as const, party: null, amountFen: -f.amountFen };
  if (o!.settled_at) {
    const before = o!.total_fen - o!.refunded_fen;
    const back = o!.leader_id ? commissionFen(before, o!.commission_bp) - commissionFen(before - f.amountFen, o!.commission_bp) : 0;
    await postToLedger(tx, {
      kind: LEDGER_KINDS.refund,
      ref: f.outRefundNo,
      orderId: f.orderId,
      lines: [
        { account: 'seller', party: o!.seller, amountFen: f.amountFen - back },
        ...(o!.leader_id ? [{ account: 'commission' as const, party: o!.leader_id, amountFen: back }] : []),
        provider,
      ],
    });
    return;
  }
  await postToLedger(tx, { kind: LEDGER_KINDS.refund, ref: f.outRefundNo, orderId: f.orderId, lines: [{ account: 'held', party: null, amountFen: f.amountFen }, provider] });
  await settleIfDone(tx, f.orderId, at);
}

/**
 * A payment WeChat Pay took of another amount than the order's (docs/decisions/payments.md): the
 * money that arrived is recorded (payment row and `payment` posting, at that amount), the order is
 * closed with its units given back, and all of it goes back as a refund (`amount_mismatch`,
 * out_refund_no = order_no + 'M', no lines) in `refunding` – its id answered for the caller to send
 * and to tell the buyer. Once: the posting's (kind, ref) and the refund's number are unique.
 */
async function refundMismatched(tx: Tx, o: { id: string; status: string }, trade: PaidTrade): Promise<{ outcome: PaidOutcome; orderId?: string; refundId?: string }> {
  if (o.status === 'unpaid') {
    await tx.execute(sql`update orders set status = 'closed', closed_at = ${trade.paidAt} where id = ${o.id}`);
    await tx.execute(sql`update group_buy_items i set sold = greatest(0, i.sold - l.qty) from order_lines l where l.order_id = ${o.id} and i.id = l.item_id`);
  }
  await tx.execute(sql`
    insert into payments (order_id, provider, channel, amount_fen, state, transaction_id, paid_at) values (${o.id}, 'wechatpay', 'jsapi', ${trade.totalFen}, 'paid', ${trade.transactionId}, ${trade.paidAt})
    on conflict (order_id) do update set amount_fen = excluded.amount_fen, state = 'paid', transaction_id = excluded.transaction_id, paid_at = coalesce(payments.paid_at, excluded.paid_at)`);
  const posted = await postToLedger(tx, {
    kind: LEDGER_KINDS.payment,
    ref: trade.outTradeNo,
    orderId: o.id,
    lines: [
      { account: 'provider', party: null, amountFen: trade.totalFen },
      { account: 'held', party: null, amountFen: -trade.totalFen },
    ],
  });
  if (!posted) return { outcome: 'already' };
  const [r] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      insert into refunds (order_id, out_refund_no, amount_fen, lines, cause, reason, status, decided_at)
      values (${o.id}, ${`${trade.outTradeNo}M`}, ${trade.totalFen}, '[]'::jsonb, 'amount_mismatch', '支付金额与订单金额不符，全额退回', 'refunding', now())
      on conflict (out_refund_no) do nothing returning id`),
  );
  return { outcome: 'amountRefunded', orderId: o.id, ...(r ? { refundId: r.id } : {}) };
}

/** Marks a notice handled in `tx`; false when it already was (a repeat). */
async function firstTime(tx: Tx, notice: { id: string; eventType: string } | null) {
  if (!notice) return true;
  const rows = rowsOf(await tx.execute(sql`insert into pay_notices (id, event_type) values (${notice.id}, ${notice.eventType}) on conflict (id) do nothing returning id`));
  return rows.length > 0;
}

export function createPaymentsRepo(db: Db) {
  return {
    async order(id: string): Promise<OrderRow | null> {
      const [r] = rowsOf<Record<string, unknown>>(await db.execute(sql`select ${ORDER_COLUMNS} from orders o join group_buys g on g.id = o.group_buy_id where o.id = ${id}`));
      return r ? order(r) : null;
    },

    async payment(orderId: string): Promise<PaymentRow | null> {
      const [r] = rowsOf<Record<string, unknown>>(await db.execute(sql`select order_id, channel, amount_fen, state, transaction_id, created_at from payments where order_id = ${orderId}`));
      return r ? { orderId: r.order_id as string, channel: r.channel as string, amountFen: Number(r.amount_fen), state: r.state as string, transactionId: (r.transaction_id as string) ?? null, createdAt: new Date(r.created_at as string) } : null;
    },

    /** A payment attempt begins (or restarts with another channel); its clock restarts for the late-notice query. */
    async startPayment(orderId: string, channel: string, amountFen: number, at: Date) {
      await db.execute(sql`
        insert into payments (order_id, provider, channel, amount_fen, state, created_at) values (${orderId}, 'wechatpay', ${channel}, ${amountFen}, 'pending', ${at})
        on conflict (order_id) do update set channel = excluded.channel, created_at = excluded.created_at where payments.state = 'pending'`);
    },

    /** The bound WeChat's openid (encrypted) of a person, for JSAPI's payer. */
    async openidEncOf(userId: string): Promise<string | null> {
      const [r] = rowsOf<{ openid_enc: string }>(await db.execute(sql`select openid_enc from wechat_identities where user_id = ${userId}`));
      return r?.openid_enc ?? null;
    },

    /**
     * A payment WeChat Pay confirmed, in one transaction with its notice's id: the payment paid,
     * the order unpaid → paid, the `payment` posting. For an order already closed (paid too late)
     * the money is recorded and a full refund is written in `refunding` – its id answered, for the
     * caller to send. Amount not the order's: refunded in full, the order closed ('amountRefunded', see
     * refundMismatched); for an order already paid, nothing changes ('amount').
     */
    async applyPaid(trade: PaidTrade, notice: { id: string; eventType: string } | null): Promise<{ outcome: PaidOutcome; lateRefundId?: string; orderId?: string; refundId?: string }> {
      return db.transaction(async (tx) => {
        const [o] = rowsOf<Record<string, unknown>>(
          await tx.execute(sql`select o.id, o.status, o.total_fen, g.status as buy_status from orders o join group_buys g on g.id = o.group_buy_id where o.order_no = ${trade.outTradeNo} for update of o`),
        );
        if (!o) return { outcome: 'unknown' as const };
        const orderId = o.id as string;
        if (Number(o.total_fen) !== trade.totalFen) {
          // An order paid already cannot be paid again under its number: for a person to look at.
          if (o.status !== 'unpaid' && o.status !== 'closed') return { outcome: 'amount' as const };
          if (!(await firstTime(tx, notice))) return { outcome: 'already' as const };
          return refundMismatched(tx, { id: orderId, status: o.status as string }, trade);
        }
        if (!(await firstTime(tx, notice))) return { outcome: 'already' as const };
        if (o.status === 'unpaid' && (o.buy_status === 'failed' || o.buy_status === 'cancelled')) {
          // Paid after its group buy failed 成团 or was cancelled (its refunds are already made): the
          // order closes, its units go back, and the money is refunded in full below as a late payment.
          await tx.execute(sql`update orders set status = 'closed', closed_at = ${trade.paidAt} where id = ${orderId}`);
          await tx.execute(sql`update group_buy_items i set sold = greatest(0, i.sold - l.qty) from order_lines l where l.order_id = ${orderId} and i.id = l.item_id`);
          o.status = 'closed';
        }
        await tx.execute(sql`
          insert into payments (order_id, provider, channel, amount_fen, state, transaction_id, paid_at) values (${orderId}, 'wechatpay', 'jsapi', ${trade.totalFen}, 'paid', ${trade.transactionId}, ${trade.paidAt})
          on conflict (order_id) do update set state = 'paid', transaction_id = excluded.transaction_id, paid_at = coalesce(payments.paid_at, excluded.paid_at)`);
        const posted = await postToLedger(tx, {
          kind: LEDGER_KINDS.payment,
          ref: trade.outTradeNo,
          orderId,
          lines: [
            { account: 'provider', party: null, amountFen: trade.totalFen },
            { account: 'held', party: null, amountFen: -trade.totalFen },
          ],
        });
        if (o.status === 'unpaid') {
          await tx.execute(sql`update orders set status = 'paid', paid_at = ${trade.paidAt} where id = ${orderId}`);
          return { outcome: 'paid' as const };
        }
        if (o.status === 'closed' && posted) {
          // Never keep money for a closed order: all of it goes back (its units were already given back on closing).
          const [r] = rowsOf<{ id: string }>(
            await tx.execute(sql`
              insert into refunds (order_id, out_refund_no, amount_fen, lines, cause, reason, status, decided_at)
              values (${orderId}, ${`${trade.outTradeNo}L`}, ${trade.totalFen}, '[]'::jsonb, 'late_payment', '订单已关闭后才支付，全额退回', 'refunding', now())
              on conflict (out_refund_no) do nothing returning id`),
          );
          return { outcome: 'late' as const, ...(r ? { lateRefundId: r.id } : {}) };
        }
        return { outcome: 'already' as const };
      });
    },

    async refund(id: string): Promise<RefundRow | null> {
      const [r] = rowsOf<Record<string, unknown>>(await db.execute(sql`select ${REFUND_COLUMNS} from refunds r join orders o on o.id = r.order_id where r.id = ${id}`));
      return r ? refund(r) : null;
    },

    async refundByNo(outRefundNo: string): Promise<RefundRow | null> {
      const [r] = rowsOf<Record<string, unknown>>(await db.execute(sql`select ${REFUND_COLUMNS} from refunds r join orders o on o.id = r.order_id where r.out_refund_no = ${outRefundNo}`));
      return r ? refund(r) : null;
    },

    async setProviderRefundId(id: string, providerRefundId: string) {
      await db.execute(sql`update refunds set provider_refund_id = ${providerRefundId} where id = ${id} and provider_refund_id is null`);
    },

    /**
     * A refund's outcome from WeChat Pay, once (with its notice's id): SUCCESS → refunded, the
     * order's refunded amount and lines, the order refunded when all of it is, the units back to a
     * group buy still open, the `refund` posting; ABNORMAL or CLOSED → failed (staff see it).
     */
    async applyRefund(
      r: { outRefundNo: string; status: string; refundId: string | null; refundFen: number | null; at: Date },
      notice: { id: string; eventType: string } | null,
    ): Promise<RefundOutcome> {
      return db.transaction(async (tx) => {
        const [row] = rowsOf<Record<string, unknown>>(await tx.execute(sql`select ${REFUND_COLUMNS} from refunds r join orders o on o.id = r.order_id where r.out_refund_no = ${r.outRefundNo} for update of r`));
        if (!row) return 'unknown';
        const f = refund(row);
        if (r.refundFen !== null && r.refundFen !== f.amountFen) return 'amount';
        if (!(await firstTime(tx, notice))) return 'already';
        if (f.status === 'refunded') return 'already';
        if (r.status === 'PROCESSING') return 'processing';
        if (r.status !== 'SUCCESS') {
          if (f.status !== 'refunding') return 'already';
          await tx.execute(sql`update refunds set status = 'failed', provider_refund_id = coalesce(provider_refund_id, ${r.refundId}) where id = ${f.id}`);
          return 'failed';
        }
        await tx.execute(sql`update refunds set status = 'refunded', refunded_at = ${r.at}, provider_refund_id = coalesce(provider_refund_id, ${r.refundId}) where id = ${f.id}`);
        await completeRefund(tx, f, r.at);
        return 'refunded';
      });
    },

    /** A notice that changed nothing (unknown order, a state still in progress) is still remembered as handled. */
    async rememberNotice(notice: { id: string; eventType: string }) {
      await db.execute(sql`insert into pay_notices (id, event_type) values (${notice.id}, ${notice.eventType}) on conflict (id) do nothing`);
    },

    /**
     * Closes an unpaid order: closed, its units given back, its payment closed. False when it was
     * no longer unpaid (a notice paid it meanwhile).
     */
    async closeOrder(orderId: string, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const closed = rowsOf(await tx.execute(sql`update orders set status = 'closed', closed_at = ${at} where id = ${orderId} and status = 'unpaid' returning id`));
        if (!closed.length) return false;
        await tx.execute(sql`
          update group_buy_items i set sold = greatest(0, i.sold - l.qty)
          from order_lines l where l.order_id = ${orderId} and i.id = l.item_id`);
        await tx.execute(sql`update payments set state = 'closed' where order_id = ${orderId} and state = 'pending'`);
        return true;
      });
    },

    /**
     * Runs `work` once per cluster: inside a transaction holding the job's advisory lock (another
     * process finds it taken and skips). The work itself writes through `db`, not the lock's transaction.
     */
    async once<T>(job: string, work: () => Promise<T>): Promise<T | null> {
      return db.transaction(async (tx) => {
        const got = rowsOf<{ got: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${`sq.payments.${job}`})) as got`))[0]!.got;
        if (!got) return null;
        return work();
      });
    },

    async expiredUnpaid(at: Date, limit = 200): Promise<{ id: string; orderNo: string; hasPayment: boolean }[]> {
      const rows = rowsOf<{ id: string; order_no: string; has_payment: boolean }>(
        await db.execute(sql`
          select o.id, o.order_no, exists (select 1 from payments p where p.order_id = o.id) as has_payment
          from orders o where o.status = 'unpaid' and o.pay_by <= ${at} order by o.pay_by limit ${limit}`),
      );
      return rows.map((r) => ({ id: r.id, orderNo: r.order_no, hasPayment: r.has_payment }));
    },

    async refundingIds(before: Date, limit = 200): Promise<string[]> {
      return rowsOf<{ id: string }>(await db.execute(sql`select id from refunds where status = 'refunding' and created_at <= ${before} order by created_at limit ${limit}`)).map((r) => r.id);
    },

    /** Our side of a Beijing day: payments paid and refunds refunded in it, by their numbers. */
    async dayOf(dayStart: Date, dayEnd: Date) {
      const paid = rowsOf<{ order_no: string; amount_fen: number }>(
        await db.execute(sql`select o.order_no, p.amount_fen from payments p join orders o on o.id = p.order_id where p.state = 'paid' and p.paid_at >= ${dayStart} and p.paid_at < ${dayEnd}`),
      );
      const refunded = rowsOf<{ out_refund_no: string; order_no: string; amount_fen: number }>(
        await db.execute(sql`select r.out_refund_no, o.order_no, r.amount_fen from refunds r join orders o on o.id = r.order_id where r.status = 'refunded' and r.refunded_at >= ${dayStart} and r.refunded_at < ${dayEnd}`),
      );
      return {
        paid: new Map(paid.map((r) => [r.order_no, Number(r.amount_fen)])),
        refunded: new Map(refunded.map((r) => [r.out_refund_no, { orderNo: r.order_no, amountFen: Number(r.amount_fen) }])),
      };
    },

    async reconciled(billDate: string) {
      const [r] = rowsOf<{ outcome: string; checked_at: string }>(await db.execute(sql`select outcome, checked_at from pay_reconciliations where bill_date = ${billDate}`));
      return r ? { outcome: r.outcome, checkedAt: new Date(r.checked_at) } : null;
    },

    async saveReconciliation(billDate: string, at: Date, outcome: string, differences: { orderNo: string; what: string }[]) {
      await db.execute(sql`
        insert into pay_reconciliations (bill_date, checked_at, outcome, differences) values (${billDate}, ${at}, ${outcome}, ${JSON.stringify(differences)}::jsonb)
        on conflict (bill_date) do update set checked_at = excluded.checked_at, outcome = excluded.outcome, differences = excluded.differences`);
    },

    /** Payments of another amount than their order's, newest first, with how their full refund stands (支付对账). */
    async amountMismatches(limit = 60) {
      return rowsOf<{ order_no: string; total_fen: number; paid_fen: number; paid_at: string; out_refund_no: string; status: string }>(
        await db.execute(sql`
          select o.order_no, o.total_fen, p.amount_fen as paid_fen, p.paid_at, r.out_refund_no, r.status
          from refunds r join orders o on o.id = r.order_id join payments p on p.order_id = o.id
          where r.cause = 'amount_mismatch' order by p.paid_at desc limit ${limit}`),
      ).map((r) => ({ orderNo: r.order_no, orderFen: Number(r.total_fen), paidFen: Number(r.paid_fen), paidAt: Math.floor(new Date(r.paid_at).getTime() / 1000), refundNo: r.out_refund_no, refundStatus: r.status as 'refunding' }));
    },

    async reconciliations(limit = 60) {
      return rowsOf<{ bill_date: string; checked_at: string; outcome: string; differences: { orderNo: string; what: string }[] }>(
        await db.execute(sql`select bill_date, checked_at, outcome, differences from pay_reconciliations order by bill_date desc limit ${limit}`),
      ).map((r) => ({ billDate: r.bill_date, checkedAt: Math.floor(new Date(r.checked_at).getTime() / 1000), outcome: r.outcome as 'ok', differences: r.differences }));
    },
  };
}
export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;
