import { addDays, beijingDate, startOfBeijingDay } from '@sq/contract/beijing-time';
import type { OrderPayment } from '@sq/contract/payments/payments';
import { priceText } from '@sq/contract/money';
import { PAY_NOTICE_LATE_MS, PayMsg, type OrderPayState, type PayChannel } from '@sq/contract/payments/pay-rules';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { Code } from '@sq/contract/envelope';
import type { PiiCipher } from '../../lib/crypto';
import type { Caller } from '../auth/caller';
import type { AccessService } from '../access/service';
import { MSG_NO_COMMUNITY } from '../access/service';
import type { NotificationService } from '../notifications/service';
import type { PaymentsPort } from './port';
import type { OrderRow, PaymentsRepo } from './repo';
import { parseTradeBill } from './bill';
import { PayProviderError, type PayProvider, type RefundState, type Transaction } from './wechatpay/provider';

export interface PaymentsLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface PaymentsServiceDeps {
  repo: PaymentsRepo;
  provider: PayProvider;
  access: AccessService;
  pii: PiiCipher;
  /** Where WeChat Pay sends notices: `${origin}/v1/pay/notices` (+ `/transaction`, `/refund`); read when needed (the listening port may be chosen late). */
  noticeBase: () => string;
  /** The demo's 演示支付 sandbox (docs/decisions/payments.md), told to the page. */
  sandbox: boolean;
  log: PaymentsLog;
  /** The buyer told of a payment of the wrong amount given back (null: nobody to tell, as in some tests). */
  notices: Pick<NotificationService, 'groupBuyDecided'> | null;
  now: () => Date;
}

const unix = (d: Date) => Math.floor(d.getTime() / 1000);
const unavailable = () => new AppError(Code.unavailable, PayMsg.unavailable);

export function createPaymentsService(d: PaymentsServiceDeps) {
  const { repo, provider, access, pii, log, now } = d;
  // When each order was last asked of WeChat Pay by the status endpoint: a page polling every 2 s
  // asks at most every 3 s per order (per process), whatever the number of tabs open.
  const asked = new Map<string, number>();
  const notifyUrl = (kind: 'transaction' | 'refund') => `${d.noticeBase()}/${kind}`;

  const view = (o: OrderRow): OrderPayment => ({
    orderId: o.id,
    orderNo: o.orderNo,
    title: o.title,
    totalFen: o.totalFen,
    status: o.status as OrderPayState,
    payBy: unix(o.payBy),
    paidAt: o.paidAt ? unix(o.paidAt) : null,
    sandbox: d.sandbox,
  });

  /** The caller's own order in a community they belong to, else why not. */
  async function ownOrder(caller: Caller, orderId: string) {
    const o = /^[0-9a-f-]{36}$/i.test(orderId) ? await repo.order(orderId) : null;
    if (!o) throw notFound(PayMsg.orderNotFound);
    if (o.userId !== caller.userId) throw forbidden(PayMsg.notYours);
    try {
      await access.requireReader(caller, o.poiId, beijingDate(now()), PayMsg.notMember);
    } catch (e) {
      if (e instanceof AppError && e.message === MSG_NO_COMMUNITY) throw forbidden(PayMsg.notMember);
      throw e;
    }
    return o;
  }

  /** A trade WeChat Pay says is paid, checked to be for our merchant and app. */
  function paidTradeOf(t: Transaction) {
    if (t.trade_state !== 'SUCCESS' && t.trade_state !== 'REFUND') return null;
    if (t.mchid !== provider.mchId || t.appid !== provider.appId || !t.transaction_id || typeof t.amount?.total !== 'number') return 'mismatch' as const;
    return { outTradeNo: t.out_trade_no, transactionId: t.transaction_id, totalFen: t.amount.total, paidAt: t.success_time ? new Date(t.success_time) : now() };
  }

  /** Records a confirmed payment; a payment for a closed order is refunded in full at once. */
  async function settlePaid(t: Transaction, notice: { id: string; eventType: string } | null) {
    const trade = paidTradeOf(t);
    if (trade === null) return 'notPaid' as const;
    if (trade === 'mismatch') {
      log.error({ outTradeNo: t.out_trade_no }, 'payment for another merchant or app, or without an amount: ignored');
      return 'mismatch' as const;
    }
    const r = await repo.applyPaid(trade, notice);
    if (r.outcome === 'amount') log.error({ outTradeNo: trade.outTradeNo }, 'payment amount differs from a paid order: not applied');
    if (r.outcome === 'amountRefunded') await returnMismatched(r.orderId!, r.refundId, trade.totalFen);
    if (r.outcome === 'unknown') log.warn({ outTradeNo: trade.outTradeNo }, 'payment for an unknown order');
    if (r.outcome === 'late') log.warn({ outTradeNo: trade.outTradeNo }, 'payment for a closed order: refunded in full');
    if (r.lateRefundId) await sendRefund(r.lateRefundId);
    return r.outcome;
  }

  /** A payment of another amount than the order's, recorded once with its refund: sent, and the buyer told. */
  async function returnMismatched(orderId: string, refundId: string | undefined, paidFen: number) {
    log.warn({ orderId }, 'payment amount differs from the order: order closed, refunded in full');
    if (refundId) await sendRefund(refundId);
    const o = await repo.order(orderId);
    if (!o || !d.notices) return;
    const sentence = `的订单实付${priceText(paidFen)}，与订单金额${priceText(o.totalFen)}不符。订单已关闭，您付的${priceText(paidFen)}将原路全额退回，如仍需要请重新下单。`;
    await d.notices.groupBuyDecided({ userId: o.userId, poiId: o.poiId, what: o.title, sentence, orderId: o.id, outcome: 'amountRefunded' }).catch((e: unknown) => log.warn({ orderId, err: e instanceof Error ? e.name : 'error' }, 'buyer not told of the refunded payment'));
  }

  async function settleRefund(s: RefundState, notice: { id: string; eventType: string } | null) {
    return repo.applyRefund(
      { outRefundNo: s.out_refund_no, status: s.status, refundId: s.refund_id ?? null, refundFen: typeof s.amount?.refund === 'number' ? s.amount.refund : null, at: s.success_time ? new Date(s.success_time) : now() },
      notice,
    );
  }

  /** PaymentsPort.sendRefund: idempotent by out_refund_no; a provider away leaves it `refunding` for the job. */
  async function sendRefund(refundId: string) {
    const r = await repo.refund(refundId);
    if (!r || r.status !== 'refunding') return;
    try {
      const s = await provider.refund({ outTradeNo: r.orderNo, outRefundNo: r.outRefundNo, refundFen: r.amountFen, totalFen: r.orderTotalFen, reason: r.reason, notifyUrl: notifyUrl('refund') });
      if (s.refund_id) await repo.setProviderRefundId(r.id, s.refund_id);
      if (s.status !== 'PROCESSING') await settleRefund(s, null);
    } catch (e) {
      log.warn({ refundId, err: e instanceof PayProviderError ? e.message : 'error' }, 'refund not sent: retried by the payments job');
    }
  }

  return {
    view,
    settlePaid,
    settleRefund,
    port: { sendRefund } satisfies PaymentsPort,

    async start(caller: Caller, orderId: string, channel: PayChannel, clientIp: string) {
      const o = await ownOrder(caller, orderId);
      if (o.status === 'paid' || o.status === 'collected') throw conflict(PayMsg.paid);
      if (o.status === 'closed') throw conflict(PayMsg.closed);
      if (o.status === 'refunded') throw conflict(PayMsg.refunded);
      if (o.groupBuyStatus === 'failed' || o.groupBuyStatus === 'cancelled') throw conflict(PayMsg.groupBuyOver);
      const at = now();
      if (o.payBy.getTime() <= at.getTime() + 5_000) throw conflict(PayMsg.expired);
      let openid: string | null = null;
      if (channel === 'jsapi') {
        const enc = await repo.openidEncOf(caller.userId);
        if (!enc) throw new AppError(Code.badRequest, PayMsg.noWechat);
        openid = pii.decrypt(enc);
      }
      await repo.startPayment(o.id, channel, o.totalFen, at);
      const order = { outTradeNo: o.orderNo, description: `社区团购-${o.title}`, totalFen: o.totalFen, expiresAt: o.payBy, notifyUrl: notifyUrl('transaction') };
      const base = { payment: view(o), channel, jsapi: null, h5Url: null, app: null };
      try {
        if (channel === 'jsapi') return { ...base, jsapi: (await provider.jsapi({ ...order, openid: openid! })).params };
        if (channel === 'h5') return { ...base, h5Url: (await provider.h5({ ...order, clientIp })).h5Url };
        return { ...base, app: (await provider.app(order)).params };
      } catch (e) {
        if (e instanceof PayProviderError && e.wxCode === 'ORDERPAID') {
          await this.refresh(o);
          throw conflict(PayMsg.paid);
        }
        if (e instanceof PayProviderError && e.wxCode === 'NOT_CONFIGURED') throw new AppError(Code.unavailable, PayMsg.notConfigured);
        if (e instanceof PayProviderError) {
          log.warn({ orderId: o.id, err: e.message }, 'prepay failed');
          throw unavailable();
        }
        throw e;
      }
    },

    /** Asks WeChat Pay about an unpaid order with a payment under way, and records a payment found. */
    async refresh(o: OrderRow) {
      try {
        const t = await provider.query(o.orderNo);
        if (t) await settlePaid(t, null);
      } catch (e) {
        log.warn({ orderId: o.id, err: e instanceof PayProviderError ? e.message : 'error' }, 'payment query failed');
      }
    },

    async status(caller: Caller, orderId: string) {
      let o = await ownOrder(caller, orderId);
      if (o.status === 'unpaid') {
        const p = await repo.payment(o.id);
        const at = now().getTime();
        if (p && p.state === 'pending' && at - p.createdAt.getTime() >= PAY_NOTICE_LATE_MS && at - (asked.get(o.id) ?? 0) >= 3_000) {
          if (asked.size > 10_000) asked.clear();
          asked.set(o.id, at);
          await this.refresh(o);
          o = (await repo.order(o.id)) ?? o;
        }
      }
      return { payment: view(o) };
    },

    async reconciliations(caller: Caller) {
      if (!(await access.isOperator(caller))) throw forbidden(PayMsg.operatorOnly);
      return { reconciliations: await repo.reconciliations(), amountMismatches: await repo.amountMismatches() };
    },

    /** Unpaid orders past pay_by: paid at WeChat Pay → paid; else closed there and here, units back. */
    async closeExpired() {
      return repo.once('close', async () => {
        let closed = 0;
        for (const o of await repo.expiredUnpaid(now())) {
          try {
            if (o.hasPayment) {
              const t = await provider.query(o.orderNo);
              if (t && (t.trade_state === 'SUCCESS' || t.trade_state === 'REFUND')) {
                await settlePaid(t, null);
                continue;
              }
              if (t && t.trade_state !== 'CLOSED') {
                try {
                  await provider.close(o.orderNo);
                } catch (e) {
                  // Paid between the query and the close: the next query finds it.
                  if (e instanceof PayProviderError && e.wxCode === 'ORDERPAID') {
                    const again = await provider.query(o.orderNo);
                    if (again) await settlePaid(again, null);
                    continue;
                  }
                  throw e;
                }
              }
            }
            if (await repo.closeOrder(o.id, now())) closed++;
          } catch (e) {
            log.warn({ orderId: o.id, err: e instanceof PayProviderError ? e.message : 'error' }, 'closing an unpaid order failed: tried again next run');
          }
        }
        return closed;
      });
    },

    /** Refunds still `refunding`: their state asked of WeChat Pay, sent again when it knows none. */
    async retryRefunds() {
      return repo.once('refunds', async () => {
        let done = 0;
        for (const id of await repo.refundingIds(new Date(now().getTime() - 60_000))) {
          const r = await repo.refund(id);
          if (!r) continue;
          try {
            const s = await provider.queryRefund(r.outRefundNo);
            if (!s) await sendRefund(id);
            else if (s.status !== 'PROCESSING' && (await settleRefund(s, null)) !== 'already') done++;
          } catch (e) {
            log.warn({ refundId: id, err: e instanceof PayProviderError ? e.message : 'error' }, 'refund query failed: tried again next run');
          }
        }
        return done;
      });
    },

    /** The day's bill against our payments and refunds → pay_reconciliations (ok | differences | failed). */
    async reconcile(billDate: string) {
      return repo.once(`reconcile.${billDate}`, async () => {
        const at = now();
        let csv: string | null;
        try {
          csv = await provider.tradeBill(billDate);
        } catch (e) {
          log.warn({ billDate, err: e instanceof PayProviderError ? e.message : 'error' }, 'trade bill not had');
          await repo.saveReconciliation(billDate, at, 'failed', [{ orderNo: '', what: '账单下载失败，将自动重试' }]);
          return 'failed' as const;
        }
        const bill = csv === null ? { payments: new Map<string, number>(), refunds: new Map<string, { orderNo: string; amountFen: number }>() } : parseTradeBill(csv);
        const start = startOfBeijingDay(billDate);
        const ours = await repo.dayOf(start, startOfBeijingDay(addDays(billDate, 1)));
        const differences: { orderNo: string; what: string }[] = [];
        for (const [no, fen] of bill.payments) {
          const mine = ours.paid.get(no);
          if (mine === undefined) differences.push({ orderNo: no, what: `账单有支付 ${fen} 分，本系统没有这笔已支付订单` });
          else if (mine !== fen) differences.push({ orderNo: no, what: `支付金额不符：账单 ${fen} 分，本系统 ${mine} 分` });
        }
        for (const [no, fen] of ours.paid) if (!bill.payments.has(no)) differences.push({ orderNo: no, what: `本系统已支付 ${fen} 分，账单没有这笔支付` });
        for (const [refundNo, b] of bill.refunds) {
          const mine = ours.refunded.get(refundNo);
          if (!mine) differences.push({ orderNo: b.orderNo, what: `账单有退款 ${refundNo}（${b.amountFen} 分），本系统没有这笔已完成退款` });
          else if (mine.amountFen !== b.amountFen) differences.push({ orderNo: b.orderNo, what: `退款 ${refundNo} 金额不符：账单 ${b.amountFen} 分，本系统 ${mine.amountFen} 分` });
        }
        for (const [refundNo, mine] of ours.refunded) if (!bill.refunds.has(refundNo)) differences.push({ orderNo: mine.orderNo, what: `本系统已退款 ${refundNo}（${mine.amountFen} 分），账单没有这笔退款` });
        const outcome = differences.length ? ('differences' as const) : ('ok' as const);
        await repo.saveReconciliation(billDate, at, outcome, differences);
        if (outcome === 'differences') log.warn({ billDate, count: differences.length }, 'reconciliation found differences');
        return outcome;
      });
    },

    /** Yesterday's (Beijing) bill, once it is out (WeChat Pay: from 10:00 the next day): reconciled once, a failed one retried hourly. */
    async reconcileYesterday() {
      const at = now();
      const today = beijingDate(at);
      if (at.getTime() - startOfBeijingDay(today).getTime() < 10 * 3_600_000) return null;
      const yesterday = addDays(today, -1);
      const done = await repo.reconciled(yesterday);
      if (done && (done.outcome !== 'failed' || at.getTime() - done.checkedAt.getTime() < 3_600_000)) return null;
      return this.reconcile(yesterday);
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
