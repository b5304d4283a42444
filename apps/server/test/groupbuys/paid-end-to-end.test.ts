import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { holderCodeAt, newHolderKeyPair } from '@sq/contract/codes/holder-code';
import { PayMsg } from '@sq/contract/payments/pay-rules';
import { PickupMsg } from '@sq/contract/pickup/pickup';
import { runGroupBuyDecisions } from '../../src/modules/groupbuys/decide-job';
import { createRefundSender } from '../../src/modules/groupbuys/refund-sender';
import { smallPhoto, upload } from '../images/image-helpers';
import { expectLedgerBalanced, one, payTestApp, startPaying, type PayTest } from '../payments/pay-helpers';
import { api as apiOf, approvedLeader, buyForm, HOUR, itemSold, newResident, publish } from './group-buy-helpers';

/**
 * 社区团购 through its real parts (issue 36 "Done when", API side): orders placed through the API,
 * paid through WeChat Pay's signed prepay and notices (the local fake), refunded through the refund
 * API and its notices – no table written by hand – with the ledger balanced after every test.
 */
let p: PayTest;
let api: ReturnType<typeof apiOf>;
let leader: Awaited<ReturnType<typeof approvedLeader>>;
beforeAll(async () => {
  p = await payTestApp();
  api = apiOf(p.t);
  leader = await approvedLeader(p.t);
}, 60_000);
afterAll(() => p.close());
afterEach(async () => {
  p.fake.reset();
  await p.fake.settled();
  await expectLedgerBalanced(p.t);
});

const order = (token: string, groupBuyId: string, itemId: string, qty = 1) => api.post('/v1/orders', token, { groupBuyId, lines: [{ itemId, qty }] });
const statusOf = async (orderId: string) => (await one<{ status: string }>(p.t, sql`select status from orders where id = ${orderId}`)).status;

/** Pays an order as a phone would: the H5 prepay, then WeChat Pay's (fake's) signed notice. */
async function pay(token: string, orderId: string) {
  const started = await startPaying(p.t, token, orderId, 'h5');
  await p.fake.pay(started.payment.orderNo as string);
}

describe('社区团购 paid through WeChat Pay', () => {
  it('200 parallel orders on stock 50 give exactly 50 orders, and paying them gives exactly 50 paid orders', async () => {
    const g = await publish(p.t, leader.token, buyForm(p.t, { leaderId: leader.leaderId }, { items: [{ name: '东北大米', spec: '10斤', photo: null, priceFen: 4990, stock: 50 }], perPersonLimit: 10 }));
    const itemId = g.items[0]!.id;
    const buyers = await Promise.all(Array.from({ length: 100 }, () => newResident(p.t)));
    const answers = await Promise.all(buyers.flatMap((b) => [order(b.token, g.id, itemId), order(b.token, g.id, itemId)].map(async (a) => ({ buyer: b, res: await a }))));
    const placed = answers.filter((a) => a.res.status === 200);
    expect(placed).toHaveLength(50);
    for (const a of placed) await pay(a.buyer.token, a.res.data.order.id as string);
    await p.fake.settled();
    expect(Number((await one<{ n: string }>(p.t, sql`select count(*) as n from orders where group_buy_id = ${g.id} and status = 'paid'`)).n)).toBe(50);
    expect(await itemSold(p.t, itemId)).toEqual({ sold: 50, stock: 50 });
    const totals = await expectLedgerBalanced(p.t);
    expect(totals.payments).toBeGreaterThanOrEqual(50 * 4990);
  }, 120_000);

  it('a refund the 团长 agrees goes through WeChat Pay and its notice: 已退款, the units back on sale', async () => {
    const g = await publish(p.t, leader.token, buyForm(p.t, { leaderId: leader.leaderId }, { items: [{ name: '水蜜桃', spec: '5斤装', photo: null, priceFen: 3990, stock: 5 }] }));
    const itemId = g.items[0]!.id;
    const me = await newResident(p.t);
    const placed = await order(me.token, g.id, itemId, 2);
    const orderId = placed.data.order.id as string;
    await pay(me.token, orderId);
    await p.fake.settled();
    expect(await statusOf(orderId)).toBe('paid');
    const asked = await api.post(`/v1/orders/${orderId}/refunds`, me.token, { lines: [{ itemId, qty: 2 }], reason: '临时出差，取不了货' });
    expect(asked.status, asked.message).toBe(200);
    const agreed = await api.post(`/v1/refunds/${asked.data.refund.id}/agree`, leader.token, {});
    expect(agreed.status, agreed.message).toBe(200);
    const [outRefundNo] = [...p.fake.refunds.keys()].filter((no) => p.fake.refunds.get(no)!.outTradeNo === placed.data.order.orderNo);
    expect(outRefundNo).toBeDefined();
    await p.fake.completeRefund(outRefundNo!);
    await p.fake.settled();
    expect(await statusOf(orderId)).toBe('refunded');
    const mine = await api.get('/v1/refunds/mine', me.token);
    expect(mine.data.refunds[0]).toMatchObject({ state: 'refunded', stateName: '已退款', amountFen: 7980 });
    expect(await itemSold(p.t, itemId)).toEqual({ sold: 0, stock: 5 });
  });

  it('a group buy short of its 成团 when it closes refunds every paid order by itself, through WeChat Pay', async () => {
    const g = await publish(p.t, leader.token, buyForm(p.t, { leaderId: leader.leaderId }, { minOrders: 3, closesAt: Math.floor(p.t.clock.now().getTime() / 1000) + 3600 }));
    const itemId = g.items[0]!.id;
    const paid: string[] = [];
    for (let i = 0; i < 2; i++) {
      const buyer = await newResident(p.t);
      const placed = await order(buyer.token, g.id, itemId, 1);
      await pay(buyer.token, placed.data.order.id as string);
      paid.push(placed.data.order.id as string);
    }
    await p.fake.settled();
    p.t.clock.advance(2 * HOUR);
    const told: string[] = [];
    const decided = await runGroupBuyDecisions({
      db: p.t.database.db,
      sender: createRefundSender({ payments: p.t.app.payments.port, notices: { groupBuyDecided: async (e) => void told.push(e.userId) }, onError: (e) => { throw e; } }),
      now: p.t.clock.now,
    });
    expect(decided?.find((d) => d.groupBuyId === g.id)).toMatchObject({ outcome: 'failed' });
    expect(told).toHaveLength(2);
    // WeChat Pay took both refunds; its notices complete them.
    const nos = [...p.fake.refunds.values()].filter((r) => r.status === 'PROCESSING').map((r) => r.outRefundNo);
    expect(nos.length).toBeGreaterThanOrEqual(2);
    for (const no of nos) await p.fake.completeRefund(no);
    await p.fake.settled();
    for (const id of paid) expect(await statusOf(id)).toBe('refunded');
  });

  it('goods are handed over only once 成团; a bad item refunded after pickup comes out of what the seller and the 团长 were owed', async () => {
    const g = await publish(p.t, leader.token, buyForm(p.t, { leaderId: leader.leaderId }, { minOrders: 1, closesAt: Math.floor(p.t.clock.now().getTime() / 1000) + 3600 }));
    const itemId = g.items[0]!.id;
    const me = await newResident(p.t);
    const placed = await order(me.token, g.id, itemId, 2);
    const orderId = placed.data.order.id as string;
    await pay(me.token, orderId);
    await p.fake.settled();
    // The buyer's phone key and a current code.
    const pair = newHolderKeyPair();
    const kid = (await api.post('/v1/holderKeys', me.token, { publicKey: pair.publicKey })).data.kid as number;
    const code = () => holderCodeAt({ kid, privateKey: pair.privateKey }, 'order', orderId, p.t.clock.now().getTime()).code;
    const check = () => api.post(`/v1/sellers/${leader.leaderId}/pickup/check`, leader.token, { code: code() });
    const collect = () => api.post(`/v1/sellers/${leader.leaderId}/pickup/collect`, leader.token, { orderId, lines: [{ itemId, collected: 2 }] });
    // Still open: it may yet fail 成团 and refund everyone.
    expect(await check()).toMatchObject({ status: 400, message: PickupMsg.notYet });
    expect(await collect()).toMatchObject({ status: 400, message: PickupMsg.notYet });
    p.t.clock.advance(2 * HOUR);
    await runGroupBuyDecisions({ db: p.t.database.db, sender: createRefundSender({ payments: p.t.app.payments.port, notices: { groupBuyDecided: async () => undefined }, onError: (e) => { throw e; } }), now: p.t.clock.now });
    expect((await check()).status).toBe(200);
    expect((await collect()).status).toBe(200);
    expect(await statusOf(orderId)).toBe('collected');
    const settled = await expectLedgerBalanced(p.t);

    // One peach was bad: asked with a photo, agreed, refunded by WeChat Pay.
    const photo = await upload(p.t, me.token, await smallPhoto(3602), 'image/png');
    const asked = await api.post(`/v1/orders/${orderId}/refunds`, me.token, { lines: [{ itemId, qty: 1 }], afterPickup: true, reason: '有一个坏了', photos: [photo.body.data.hash] });
    expect(asked.status, asked.message).toBe(200);
    expect((await api.post(`/v1/refunds/${asked.data.refund.id}/agree`, leader.token, {})).status).toBe(200);
    const [no] = [...p.fake.refunds.values()].filter((r) => r.outTradeNo === placed.data.order.orderNo).map((r) => r.outRefundNo);
    await p.fake.completeRefund(no!);
    await p.fake.settled();
    const line = await one<{ collected_qty: number; refunded_qty: number }>(p.t, sql`select collected_qty, refunded_qty from order_lines where order_id = ${orderId}`);
    expect(line).toMatchObject({ collected_qty: 1, refunded_qty: 1 });
    expect(await statusOf(orderId)).toBe('collected');
    const after = await expectLedgerBalanced(p.t);
    // ¥39.90 back: ¥3.99 less commission, ¥35.91 less for the seller; nothing pending moved.
    expect(after.refunds - settled.refunds).toBe(3990);
    expect(settled.commission - after.commission).toBe(399);
    expect(settled.settled - after.settled).toBe(3591);
    expect(after.pending).toBe(settled.pending);
  });

  it('an order of a group buy that failed 成团 is not paid any more; a payment WeChat Pay still takes for it is refunded in full', async () => {
    const g = await publish(p.t, leader.token, buyForm(p.t, { leaderId: leader.leaderId }, { minOrders: 2, closesAt: Math.floor(p.t.clock.now().getTime() / 1000) + 600 }));
    const itemId = g.items[0]!.id;
    const me = await newResident(p.t);
    const placed = await order(me.token, g.id, itemId, 1);
    const orderId = placed.data.order.id as string;
    // The cashier is open on the phone, not paid yet, when the window closes short of 成团.
    await startPaying(p.t, me.token, orderId, 'h5');
    p.t.clock.advance(11 * 60_000);
    await runGroupBuyDecisions({ db: p.t.database.db, sender: createRefundSender({ payments: p.t.app.payments.port, notices: { groupBuyDecided: async () => undefined }, onError: (e) => { throw e; } }), now: p.t.clock.now });
    expect(await api.post(`/v1/orders/${orderId}/pay`, me.token, { channel: 'h5' })).toMatchObject({ status: 409, message: PayMsg.groupBuyOver });
    // The buyer pays in the cashier anyway: the order closes, its unit goes back, the money is refunded.
    await p.fake.pay(placed.data.order.orderNo as string);
    await p.fake.settled();
    expect(await statusOf(orderId)).toBe('closed');
    expect(await itemSold(p.t, itemId)).toMatchObject({ sold: 0 });
    const [late] = [...p.fake.refunds.values()].filter((r) => r.outTradeNo === placed.data.order.orderNo);
    expect(late).toMatchObject({ refund: 3990 });
    await p.fake.completeRefund(late!.outRefundNo);
    await p.fake.settled();
    expect(await one<{ refunded_fen: number }>(p.t, sql`select refunded_fen from orders where id = ${orderId}`)).toMatchObject({ refunded_fen: 3990 });
  });
});
