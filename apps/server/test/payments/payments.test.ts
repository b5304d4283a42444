import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { beijingDate } from '@sq/contract/beijing-time';
import { PayMsg } from '@sq/contract/payments/pay-rules';
import { rowsOf } from '../../src/db/client';
import {
  API_V3_KEY,
  expectLedgerBalanced,
  HOME,
  MINUTE,
  newGroupBuy,
  newOrder,
  newRefund,
  newResident,
  one,
  orderOf,
  payApi,
  payTestApp,
  postingsOf,
  soldOf,
  startPaying,
  type PayTest,
} from './pay-helpers';

let p: PayTest;
beforeAll(async () => {
  p = await payTestApp();
}, 60_000);
afterAll(() => p.close());
afterEach(async () => {
  p.fake.reset();
  await p.fake.settled();
  // After every test the ledger balances: payments − refunds = settled + pending + commission.
  await expectLedgerBalanced(p.t);
});

const jobs = () => p.t.app.payments.runJobs();
const rowsOfRefunds = async (orderId: string) =>
  rowsOf<{ out_refund_no: string; amount_fen: number; cause: string; status: string }>(
    await p.t.database.db.execute(sql`select out_refund_no, amount_fen, cause, status from refunds where order_id = ${orderId} order by created_at`),
  );

describe('paying an order', () => {
  it('H5: the page gets WeChat Pay’s h5_url; the notice (sent three times) pays the order once, with one ledger posting', async () => {
    const { t, fake } = p;
    const buy = await newGroupBuy(t);
    const me = await newResident(t);
    const order = await newOrder(t, buy, me.userId, 2);
    const data = await startPaying(t, me.token, order.id, 'h5');
    expect(data.h5Url).toMatch(/\/demo\/pay\//);
    expect(data.payment).toMatchObject({ orderNo: order.orderNo, totalFen: 2500, status: 'unpaid', sandbox: false });
    // The prepay reached WeChat Pay signed (the fake refuses unsigned requests) with our notify URL.
    expect(fake.trades.get(order.orderNo)).toMatchObject({ total: 2500, state: 'NOTPAY', tradeType: 'MWEB' });

    fake.misbehave.noticeRepeat = 3;
    await fake.pay(order.orderNo);
    const sent = fake.sent.filter((s) => s.eventType === 'TRANSACTION.SUCCESS' && JSON.parse(s.body).id === fake.sent.at(-1)!.id);
    expect(sent.map((s) => s.status)).toEqual([204, 204, 204]);
    // A repeat with a new notice id (WeChat's retries after a lost answer) changes nothing either.
    await fake.resendNotice('trade', order.orderNo);
    expect(fake.sent.at(-1)!.status).toBe(204);

    expect((await orderOf(t, order.id)).status).toBe('paid');
    expect(await postingsOf(t, 'payment', order.orderNo)).toBe(1);
    const pay = await one<{ state: string; transaction_id: string }>(t, sql`select state, transaction_id from payments where order_id = ${order.id}`);
    expect(pay.state).toBe('paid');
    expect(pay.transaction_id).toBe(fake.trades.get(order.orderNo)!.transactionId);
    const totals = await expectLedgerBalanced(t);
    expect(totals.payments).toBeGreaterThanOrEqual(2500);

    const status = await payApi(t).get(`/v1/orders/${order.id}/payment`, me.token);
    expect(status.data.payment).toMatchObject({ status: 'paid' });
    // Paying again is refused with why.
    const again = await payApi(t).post(`/v1/orders/${order.id}/pay`, me.token, { channel: 'h5' });
    expect([again.status, again.message]).toEqual([409, PayMsg.paid]);
  });

  it('the same notice ten times at once, and five repeats under new ids at once, pay once', async () => {
    const { t, fake } = p;
    const buy = await newGroupBuy(t);
    const me = await newResident(t);
    const order = await newOrder(t, buy, me.userId, 1);
    await startPaying(t, me.token, order.id);
    fake.misbehave.noticeMode = 'never';
    await fake.pay(order.orderNo);
    fake.misbehave.noticeMode = 'normal';
    await fake.resendNotice('trade', order.orderNo);
    const n = fake.sent.at(-1)!;
    const statuses = await Promise.all([
      ...Array.from({ length: 50 }, () => fetch(n.url, { method: 'POST', headers: { 'content-type': 'application/json', ...n.headers }, body: n.body }).then((r) => r.status)),
      ...Array.from({ length: 5 }, () => fake.resendNotice('trade', order.orderNo).then(() => 204)),
    ]);
    expect(new Set(statuses)).toEqual(new Set([204]));
    expect(fake.sent.slice(-5).map((s) => s.status)).toEqual([204, 204, 204, 204, 204]);
    expect(await postingsOf(t, 'payment', order.orderNo)).toBe(1);
    expect((await orderOf(t, order.id)).status).toBe('paid');
  });

  it('APP and JSAPI: signed parameters for the bridge; JSAPI needs a bound WeChat', async () => {
    const { t } = p;
    const buy = await newGroupBuy(t);
    const me = await newResident(t);
    const order = await newOrder(t, buy, me.userId, 1);
    const app = await startPaying(t, me.token, order.id, 'app');
    expect(app.app).toMatchObject({ partnerid: '1900000109', package: 'Sign=WXPay' });
    expect(app.app.sign.length).toBeGreaterThan(100);
    const jsapi = await payApi(t).post(`/v1/orders/${order.id}/pay`, me.token, { channel: 'jsapi' });
    expect([jsapi.status, jsapi.message]).toEqual([400, PayMsg.noWechat]);
    // Bound: the openid (stored encrypted) is the payer.
    await t.database.db.execute(sql`insert into wechat_identities (user_id, openid_hash, openid_enc) values (${me.userId}, ${t.pii.hash('o-test-openid')}, ${t.pii.encrypt('o-test-openid')})`);
    const ok = await startPaying(t, me.token, order.id, 'jsapi');
    expect(ok.jsapi).toMatchObject({ appId: 'wxd930ea5d5a258f4f', signType: 'RSA' });
    expect(ok.jsapi.package).toMatch(/^prepay_id=wx/);
    expect(t.logs()).not.toContain('o-test-openid');
  });

  it('a notice with a bad signature, or an old one replayed, changes nothing', async () => {
    const { t, fake } = p;
    const buy = await newGroupBuy(t);
    const me = await newResident(t);
    const order = await newOrder(t, buy, me.userId, 1);
    await startPaying(t, me.token, order.id);
    const before = await expectLedgerBalanced(t);
    const notices = Number((await one<{ n: string }>(t, sql`select count(*) as n from pay_notices`)).n);
    fake.misbehave.noticeMode = 'badSignature';
    await fake.pay(order.orderNo);
    expect(fake.sent.at(-1)!.status).toBe(401);
    expect((await orderOf(t, order.id)).status).toBe('unpaid');
    expect(await postingsOf(t, 'payment', order.orderNo)).toBe(0);
    expect(Number((await one<{ n: string }>(t, sql`select count(*) as n from pay_notices`)).n)).toBe(notices);
    expect(await expectLedgerBalanced(t)).toEqual(before);

    // A well-signed notice replayed more than 5 minutes later is refused too.
    fake.misbehave.noticeMode = 'normal';
    fake.misbehave.noticeDelayMs = 0;
    const other = await newOrder(t, buy, me.userId, 1);
    await startPaying(t, me.token, other.id);
    fake.misbehave.noticeMode = 'never';
    await fake.pay(other.orderNo);
    fake.misbehave.noticeMode = 'normal';
    await fake.resendNotice('trade', other.orderNo);
    const good = fake.sent.at(-1)!;
    expect(good.status).toBe(204);
    t.clock.advance(6 * MINUTE);
    const replay = await fetch(good.url, { method: 'POST', headers: { 'content-type': 'application/json', ...good.headers }, body: good.body });
    expect(replay.status).toBe(401);
    // A forged body under a real signature: refused.
    const forged = await fetch(good.url, { method: 'POST', headers: { 'content-type': 'application/json', ...good.headers }, body: good.body.replace('"id":"', '"id":"x') });
    expect(forged.status).toBe(401);
    expect(t.logs()).not.toContain(API_V3_KEY);
  });

  it('a notice of another amount than the order’s: the money goes back in full, the order closes, the buyer is told – once, however often it comes', async () => {
    const { t, fake } = p;
    const buy = await newGroupBuy(t);
    const me = await newResident(t);
    const order = await newOrder(t, buy, me.userId, 2);
    await startPaying(t, me.token, order.id);
    fake.trades.get(order.orderNo)!.total = 1999;
    fake.misbehave.noticeRepeat = 3;
    await fake.pay(order.orderNo);
    // Handled: WeChat Pay is answered 204 each time and stops sending.
    expect(fake.sent.slice(-3).map((s) => s.status)).toEqual([204, 204, 204]);
    expect(await orderOf(t, order.id)).toMatchObject({ status: 'closed', refunded_fen: 0 });
    expect(await soldOf(t, buy.itemId)).toBe(0);
    const refunds = () => rowsOfRefunds(order.id);
    const [refund] = await refunds();
    expect(refund).toMatchObject({ out_refund_no: `${order.orderNo}M`, amount_fen: 1999, cause: 'amount_mismatch', status: 'refunding' });
    // Sent to WeChat Pay at once, against the trade's own total.
    expect(fake.refunds.get(refund!.out_refund_no)).toMatchObject({ refund: 1999, total: 1999, status: 'PROCESSING' });
    // Repeated under a new notice id: nothing more.
    await fake.resendNotice('trade', order.orderNo);
    expect(fake.sent.at(-1)!.status).toBe(204);
    expect(await refunds()).toHaveLength(1);
    expect(await postingsOf(t, 'payment', order.orderNo)).toBe(1);
    // The refund completes (its notice twice); the ledger has the money in and out once each.
    fake.misbehave.noticeRepeat = 2;
    await fake.completeRefund(refund!.out_refund_no);
    expect((await refunds())[0]).toMatchObject({ status: 'refunded' });
    expect(await postingsOf(t, 'refund', refund!.out_refund_no)).toBe(1);
    expect(await orderOf(t, order.id)).toMatchObject({ status: 'closed', refunded_fen: 0 });
    // The buyer is told once, with both amounts.
    const told = rowsOf<{ body: string }>(await t.database.db.execute(sql`select body from notifications where user_id = ${me.userId} and kind = 'groupBuyDecided'`));
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain('实付¥19.99，与订单金额¥25不符');
    // The operator's 支付对账 lists it; the close job has nothing left to say about it.
    await t.database.db.execute(sql`update users set is_operator = true where id = ${me.userId}`);
    const list = await payApi(t).get('/v1/payments/reconciliations', me.token);
    expect(list.data.amountMismatches).toContainEqual(expect.objectContaining({ orderNo: order.orderNo, orderFen: 2500, paidFen: 1999, refundNo: `${order.orderNo}M`, refundStatus: 'refunded' }));
    await t.database.db.execute(sql`update users set is_operator = false where id = ${me.userId}`);
    const said = t.logs().split('payment amount differs').length;
    t.clock.advance(16 * MINUTE);
    await jobs();
    await jobs();
    expect(t.logs().split('payment amount differs').length).toBe(said);
  });

  it('a payment of another amount found by the close job’s query is given back the same way, once', async () => {
    const { t, fake } = p;
    const buy = await newGroupBuy(t);
    const me = await newResident(t);
    const order = await newOrder(t, buy, me.userId, 1);
    await startPaying(t, me.token, order.id);
    fake.trades.get(order.orderNo)!.total = 3000;
    fake.misbehave.noticeMode = 'never';
    await fake.pay(order.orderNo);
    expect((await orderOf(t, order.id)).status).toBe('unpaid');
    t.clock.advance(16 * MINUTE);
    await jobs();
    expect((await orderOf(t, order.id)).status).toBe('closed');
    expect(await soldOf(t, buy.itemId)).toBe(0);
    const [refund] = await rowsOfRefunds(order.id);
    expect(refund).toMatchObject({ amount_fen: 3000, cause: 'amount_mismatch' });
    const said = t.logs().split('payment amount differs').length;
    await jobs();
    expect(t.logs().split('payment amount differs').length).toBe(said);
    expect(await rowsOfRefunds(order.id)).toHaveLength(1);
    fake.misbehave.noticeMode = 'normal';
    await fake.completeRefund(refund!.out_refund_no);
    expect(await postingsOf(t, 'refund', refund!.out_refund_no)).toBe(1);
  });

  it('a late notice: the status endpoint asks WeChat Pay and pays the order', async () => {
    const { t, fake } = p;
    const buy = await newGroupBuy(t);
    const me = await newResident(t);
    const order = await newOrder(t, buy, me.userId, 1);
    await startPaying(t, me.token, order.id);
    fake.misbehave.noticeMode = 'never';
    await fake.pay(order.orderNo);
    const early = await payApi(t).get(`/v1/orders/${order.id}/payment`, me.token);
    expect(early.data.payment.status).toBe('unpaid');
    t.clock.advance(6_000);
    const late = await payApi(t).get(`/v1/orders/${order.id}/payment`, me.token);
    expect(late.data.payment.status).toBe('paid');
    expect(await postingsOf(t, 'payment', order.orderNo)).toBe(1);
    // The notice arriving after all changes nothing.
    fake.misbehave.noticeMode = 'normal';
    await fake.resendNotice('trade', order.orderNo);
    expect(fake.sent.at(-1)!.status).toBe(204);
    expect(await postingsOf(t, 'payment', order.orderNo)).toBe(1);
  });

  it('only the buyer, in a community they belong to, may pay or see the payment', async () => {
    const { t } = p;
    const buy = await newGroupBuy(t);
    const me = await newResident(t);
    const stranger = await newResident(t, 'DEMO000002');
    const order = await newOrder(t, buy, me.userId, 1);
    const other = await payApi(t).post(`/v1/orders/${order.id}/pay`, stranger.token, { channel: 'h5' });
    expect([other.status, other.message]).toEqual([403, PayMsg.notYours]);
    const look = await payApi(t).get(`/v1/orders/${order.id}/payment`, stranger.token);
    expect(look.status).toBe(403);
    const bad = await payApi(t).post(`/v1/orders/${order.id}/pay`, me.token, { channel: 'cash' });
    expect([bad.status, bad.message]).toEqual([400, PayMsg.channel]);
    const none = await payApi(t).get(`/v1/orders/00000000-0000-4000-8000-000000000000/payment`, me.token);
    expect([none.status, none.message]).toEqual([404, PayMsg.orderNotFound]);
    // The buyer's own order in a community they left: refused.
    const leaver = await newResident(t);
    const theirs = await newOrder(t, buy, leaver.userId, 1);
    await t.database.db.execute(sql`update orders set poi_id = 'DEMO000002' where id = ${theirs.id}`);
    const gone = await payApi(t).post(`/v1/orders/${theirs.id}/pay`, leaver.token, { channel: 'h5' });
    expect([gone.status, gone.message]).toEqual([403, PayMsg.notMember]);
    expect(await postingsOf(t, 'payment', theirs.orderNo)).toBe(0);
  });

  it('WeChat Pay away (500, no answer): the page is told to try later, nothing paid', async () => {
    const { t, fake } = p;
    const buy = await newGroupBuy(t);
    const me = await newResident(t);
    const order = await newOrder(t, buy, me.userId, 1);
    fake.misbehave.failNext = 1;
    const res = await payApi(t).post(`/v1/orders/${order.id}/pay`, me.token, { channel: 'h5' });
    expect([res.status, res.message]).toEqual([503, PayMsg.unavailable]);
    fake.misbehave.hangNext = 1;
    const hung = await payApi(t).post(`/v1/orders/${order.id}/pay`, me.token, { channel: 'h5' });
    expect(hung.status).toBe(503);
    expect((await orderOf(t, order.id)).status).toBe('unpaid');
  }, 20_000);
});

describe('closing unpaid orders', () => {
  it('an unpaid order past 15 minutes closes here and at WeChat Pay, and gives its stock back', async () => {
    const { t, fake } = p;
    const buy = await newGroupBuy(t, { stock: 10 });
    const me = await newResident(t);
    const started = await newOrder(t, buy, me.userId, 2);
    const never = await newOrder(t, buy, me.userId, 3);
    await startPaying(t, me.token, started.id);
    expect(await soldOf(t, buy.itemId)).toBe(5);
    t.clock.advance(14 * MINUTE);
    await jobs();
    expect((await orderOf(t, started.id)).status).toBe('unpaid');
    t.clock.advance(2 * MINUTE);
    await jobs();
    expect((await orderOf(t, started.id)).status).toBe('closed');
    expect((await orderOf(t, never.id)).status).toBe('closed');
    expect((await orderOf(t, started.id)).closed_at).not.toBeNull();
    expect(fake.trades.get(started.orderNo)!.state).toBe('CLOSED');
    expect(await soldOf(t, buy.itemId)).toBe(0);
    const late = await payApi(t).post(`/v1/orders/${started.id}/pay`, me.token, { channel: 'h5' });
    expect([late.status, late.message]).toEqual([409, PayMsg.closed]);
    const status = await payApi(t).get(`/v1/orders/${started.id}/payment`, me.token);
    expect(status.data.payment.status).toBe('closed');
  });

  it('an order paid whose notice never came is found paid by the close job, not closed', async () => {
    const { t, fake } = p;
    const buy = await newGroupBuy(t);
    const me = await newResident(t);
    const order = await newOrder(t, buy, me.userId, 1);
    await startPaying(t, me.token, order.id);
    fake.misbehave.noticeMode = 'never';
    await fake.pay(order.orderNo);
    t.clock.advance(16 * MINUTE);
    await jobs();
    expect((await orderOf(t, order.id)).status).toBe('paid');
    expect(await soldOf(t, buy.itemId)).toBe(1);
    expect(await postingsOf(t, 'payment', order.orderNo)).toBe(1);
  });

  it('a payment that arrives for a closed order is recorded and refunded in full by itself', async () => {
    const { t, fake } = p;
    const buy = await newGroupBuy(t);
    const me = await newResident(t);
    const order = await newOrder(t, buy, me.userId, 2);
    await startPaying(t, me.token, order.id);
    t.clock.advance(16 * MINUTE);
    await jobs();
    expect((await orderOf(t, order.id)).status).toBe('closed');
    // WeChat Pay took the money anyway (the payer was in the cashier when it closed).
    fake.trades.get(order.orderNo)!.state = 'NOTPAY';
    await fake.pay(order.orderNo);
    expect(fake.sent.at(-1)!.status).toBe(204);
    const refund = await one<{ out_refund_no: string; amount_fen: number; status: string }>(t, sql`select out_refund_no, amount_fen, status from refunds where order_id = ${order.id}`);
    expect(refund).toMatchObject({ amount_fen: 2500, status: 'refunding' });
    expect(fake.refunds.get(refund.out_refund_no)).toMatchObject({ refund: 2500, status: 'PROCESSING' });
    await fake.completeRefund(refund.out_refund_no);
    const after = await orderOf(t, order.id);
    expect(after).toMatchObject({ status: 'closed', refunded_fen: 2500 });
    expect(await postingsOf(t, 'payment', order.orderNo)).toBe(1);
    expect(await postingsOf(t, 'refund', refund.out_refund_no)).toBe(1);
    // Its units were given back when it closed, and not again.
    expect(await soldOf(t, buy.itemId)).toBe(0);
  });
});

describe('refunds', () => {
  async function paidOrder(qty = 3) {
    const { t, fake } = p;
    const buy = await newGroupBuy(t);
    const me = await newResident(t);
    const order = await newOrder(t, buy, me.userId, qty);
    await startPaying(t, me.token, order.id);
    await fake.pay(order.orderNo);
    expect((await orderOf(t, order.id)).status).toBe('paid');
    return { buy, me, order };
  }

  it('complete through their notice: amount, lines, stock of an open group buy, the ledger; the last one refunds the order', async () => {
    const { t, fake } = p;
    const { buy, order } = await paidOrder(3);
    expect(await soldOf(t, buy.itemId)).toBe(3);
    const first = await newRefund(t, order, buy.itemId, 1, 1250);
    await t.app.payments.port.sendRefund(first.id);
    // Sending twice refunds once.
    await t.app.payments.port.sendRefund(first.id);
    expect([...fake.refunds.values()].filter((r) => r.outTradeNo === order.orderNo)).toHaveLength(1);
    fake.misbehave.noticeRepeat = 2;
    await fake.completeRefund(first.outRefundNo);
    expect(fake.sent.slice(-2).map((s) => s.status)).toEqual([204, 204]);
    expect(await one(t, sql`select status from refunds where id = ${first.id}`)).toEqual({ status: 'refunded' });
    expect(await orderOf(t, order.id)).toMatchObject({ status: 'paid', refunded_fen: 1250 });
    expect(await one(t, sql`select refunded_qty from order_lines where order_id = ${order.id}`)).toEqual({ refunded_qty: 1 });
    expect(await soldOf(t, buy.itemId)).toBe(2);
    expect(await postingsOf(t, 'refund', first.outRefundNo)).toBe(1);

    const rest = await newRefund(t, order, buy.itemId, 2, 2500);
    await t.app.payments.port.sendRefund(rest.id);
    await fake.completeRefund(rest.outRefundNo);
    expect(await orderOf(t, order.id)).toMatchObject({ status: 'refunded', refunded_fen: 3750 });
    expect(await soldOf(t, buy.itemId)).toBe(0);
  });

  it('a closed group buy keeps its stock; ABNORMAL marks the refund failed for staff', async () => {
    const { t, fake } = p;
    const { buy, order } = await paidOrder(2);
    await t.database.db.execute(sql`update group_buys set status = 'succeeded' where id = ${buy.groupBuyId}`);
    const r = await newRefund(t, order, buy.itemId, 1, 1250);
    await t.app.payments.port.sendRefund(r.id);
    await fake.completeRefund(r.outRefundNo);
    expect(await soldOf(t, buy.itemId)).toBe(2);
    const bad = await newRefund(t, order, buy.itemId, 1, 1250);
    await t.app.payments.port.sendRefund(bad.id);
    await fake.completeRefund(bad.outRefundNo, 'ABNORMAL');
    expect(await one(t, sql`select status from refunds where id = ${bad.id}`)).toEqual({ status: 'failed' });
    expect(await postingsOf(t, 'refund', bad.outRefundNo)).toBe(0);
    expect(await orderOf(t, order.id)).toMatchObject({ refunded_fen: 1250 });
  });

  it('WeChat Pay away when sending: the refund stays refunding and the job sends it again', async () => {
    const { t, fake } = p;
    const { buy, order } = await paidOrder(1);
    const r = await newRefund(t, order, buy.itemId, 1, 1250);
    fake.misbehave.failNext = 1;
    await t.app.payments.port.sendRefund(r.id);
    expect(await one(t, sql`select status from refunds where id = ${r.id}`)).toEqual({ status: 'refunding' });
    expect(fake.refunds.has(r.outRefundNo)).toBe(false);
    t.clock.advance(2 * MINUTE);
    await jobs();
    expect(fake.refunds.get(r.outRefundNo)!.status).toBe('PROCESSING');
    // The notice lost: the job's query completes it.
    fake.misbehave.noticeMode = 'never';
    await fake.completeRefund(r.outRefundNo);
    await jobs();
    expect(await one(t, sql`select status from refunds where id = ${r.id}`)).toEqual({ status: 'refunded' });
    expect(await orderOf(t, order.id)).toMatchObject({ status: 'refunded', refunded_fen: 1250 });
  });
});

describe('reconciliation', () => {
  it('finds a planted difference in the bill, and none when it matches; the operator reads them', async () => {
    const { t, fake } = p;
    // A clean day of its own: the bill and our records of a date far from the other tests'.
    t.clock.advance(3 * 86_400_000);
    const day = beijingDate(t.clock.now());
    const buy = await newGroupBuy(t);
    const me = await newResident(t);
    const a = await newOrder(t, buy, me.userId, 1);
    const b = await newOrder(t, buy, me.userId, 2);
    for (const o of [a, b]) {
      await startPaying(t, me.token, o.id);
      await fake.pay(o.orderNo);
    }
    const r = await newRefund(t, b, buy.itemId, 1, 1250);
    await t.app.payments.port.sendRefund(r.id);
    await fake.completeRefund(r.outRefundNo);

    expect(await t.app.payments.service.reconcile(day)).toBe('ok');
    fake.misbehave.billDifference = { outTradeNo: a.orderNo, deltaFen: -100 };
    expect(await t.app.payments.service.reconcile(day)).toBe('differences');
    const row = await one<{ outcome: string; differences: { orderNo: string; what: string }[] }>(t, sql`select outcome, differences from pay_reconciliations where bill_date = ${day}`);
    expect(row.differences).toEqual([{ orderNo: a.orderNo, what: '支付金额不符：账单 1150 分，本系统 1250 分' }]);
    fake.misbehave.billDifference = { extraTradeNo: 'X-NOT-OURS', amountFen: 999 };
    await t.app.payments.service.reconcile(day);
    const extra = await one<{ differences: { orderNo: string }[] }>(t, sql`select differences from pay_reconciliations where bill_date = ${day}`);
    expect(extra.differences.map((d) => d.orderNo)).toEqual(['X-NOT-OURS']);
    fake.misbehave.billDifference = null;
    fake.misbehave.failNext = 1;
    expect(await t.app.payments.service.reconcile(day)).toBe('failed');

    const list = await payApi(t).get('/v1/payments/reconciliations', me.token);
    expect([list.status, list.message]).toEqual([403, PayMsg.operatorOnly]);
    await t.database.db.execute(sql`update users set is_operator = true where id = ${me.userId}`);
    const ok = await payApi(t).get('/v1/payments/reconciliations', me.token);
    expect(ok.data.reconciliations[0]).toMatchObject({ billDate: day, outcome: 'failed' });
    expect(HOME).toBe('DEMO000001');
  });
});
