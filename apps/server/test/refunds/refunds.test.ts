import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Msg } from '@sq/contract/messages';
import { RefundMsg } from '@sq/contract/refunds/refunds';
import { maskMobile } from '@sq/contract/rules';
import { smallPhoto, upload } from '../images/image-helpers';
import { createTestApp, type TestApp } from '../support/test-app';
import { api as apiOf, completeRefund, countOf, expectLedgerBalanced, newGroupBuy, newLeader, newResident, newShop, OTHER, paidOrder, recordingPayments } from '../pickup/pickup-helpers';

let t: TestApp;
let api: ReturnType<typeof apiOf>;
const payments = recordingPayments();
beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { LOG_LEVEL: 'warn' }, payments: payments.port });
  api = apiOf(t);
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

const ask = (orderId: string, token: string, body: Record<string, unknown>) => api.post(`/v1/orders/${orderId}/refunds`, token, { reason: '不想要了', ...body });
const collect = (seller: string, token: string, orderId: string, lines: { itemId: string; collected: number }[]) => api.post(`/v1/sellers/${seller}/pickup/collect`, token, { orderId, lines });

async function setting() {
  const leader = await newLeader(t);
  const buy = await newGroupBuy(t, { leaderId: leader.leaderId });
  const buyer = await newResident(t);
  const order = await paidOrder(t, buy, buyer, { leaderId: leader.leaderId });
  return { leader, buy, buyer, order, orange: buy.items[0]!, rice: buy.items[1]! };
}

describe('asking for a refund', () => {
  it('before pickup: units × price; the seller sees it with the buyer masked and is told; the buyer reads 申请中', async () => {
    const s = await setting();
    const res = await ask(s.order.id, s.buyer.token, { lines: [{ itemId: s.orange.id, qty: 1 }] });
    expect(res.status).toBe(200);
    expect(res.data.refund).toMatchObject({ amountFen: 1250, state: 'requested', stateName: '申请中', buyer: null });
    const waiting = await api.get(`/v1/sellers/${s.leader.leaderId}/refunds`, s.leader.token);
    expect(waiting.data.refunds[0]).toMatchObject({ id: res.data.refund.id, buyer: { mobile: maskMobile(s.buyer.mobile) } });
    expect(await countOf(t, `select count(*) as n from notifications where kind = 'refundRequested' and user_id = '${s.leader.userId}'`)).toBe(1);
    const refundable = await api.get(`/v1/orders/${s.order.id}/refundable`, s.buyer.token);
    expect(refundable.data).toMatchObject({ leftFen: 5500 - 1250 });
    expect(refundable.data.lines[0]).toMatchObject({ uncollected: 1 });
  });

  it('more units than left, or more than paid, is refused and nothing is written', async () => {
    const s = await setting();
    const tooMany = await ask(s.order.id, s.buyer.token, { lines: [{ itemId: s.orange.id, qty: 3 }] });
    expect([tooMany.status, tooMany.message]).toEqual([400, RefundMsg.tooMany]);
    await ask(s.order.id, s.buyer.token, { lines: [{ itemId: s.orange.id, qty: 2 }] });
    expect((await ask(s.order.id, s.buyer.token, { lines: [{ itemId: s.orange.id, qty: 1 }] })).message).toBe(RefundMsg.tooMany);
    expect((await ask(s.order.id, s.buyer.token, { lines: [{ itemId: s.rice.id, qty: 1 }], reason: '' })).message).toBe(RefundMsg.reason);
    expect(await countOf(t, `select count(*) as n from refunds where order_id = '${s.order.id}'`)).toBe(1);
  });

  it('50 parallel requests for the whole order: one is taken, never more than paid', async () => {
    const s = await setting();
    const body = { lines: [{ itemId: s.orange.id, qty: 2 }, { itemId: s.rice.id, qty: 1 }] };
    const answers = await Promise.all(Array.from({ length: 50 }, () => ask(s.order.id, s.buyer.token, body)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    // The rest are refused – or, while the first holds the order and the pool is busy, told to try again (503, nothing written).
    expect(answers.filter((a) => a.status !== 200).every((a) => a.message === RefundMsg.tooMany || (a.status === 503 && a.message === Msg.busy))).toBe(true);
    expect(await countOf(t, `select coalesce(sum(amount_fen), 0) as n from refunds where order_id = '${s.order.id}'`)).toBe(5500);
  });

  it('after pickup only with 1–6 photos of the bad item', async () => {
    const s = await setting();
    await collect(s.leader.leaderId, s.leader.token, s.order.id, [{ itemId: s.orange.id, collected: 2 }]);
    expect((await ask(s.order.id, s.buyer.token, { lines: [{ itemId: s.orange.id, qty: 1 }] })).message).toBe(RefundMsg.tooMany);
    expect((await ask(s.order.id, s.buyer.token, { lines: [{ itemId: s.orange.id, qty: 1 }], afterPickup: true })).message).toBe(RefundMsg.photos);
    const photo = await upload(t, s.buyer.token, await smallPhoto(3601), 'image/png');
    expect(photo.status).toBe(200);
    const res = await ask(s.order.id, s.buyer.token, { lines: [{ itemId: s.orange.id, qty: 1 }], afterPickup: true, reason: '橙子坏了', photos: [photo.body.data.hash] });
    expect(res.status).toBe(200);
    expect(res.data.refund.photos).toHaveLength(1);
    expect((await ask(s.order.id, s.buyer.token, { lines: [{ itemId: s.rice.id, qty: 1 }], afterPickup: true, photos: [photo.body.data.hash] })).message).toBe(RefundMsg.tooMany);
  });

  it("someone else's order is not found; a person of another community cannot ask", async () => {
    const s = await setting();
    const stranger = await newResident(t, OTHER);
    expect((await ask(s.order.id, stranger.token, { lines: [{ itemId: s.orange.id, qty: 1 }] })).status).toBe(404);
    expect((await api.get(`/v1/orders/${s.order.id}/refundable`, stranger.token)).status).toBe(404);
    const neighbour = await newResident(t);
    expect((await ask(s.order.id, neighbour.token, { lines: [{ itemId: s.orange.id, qty: 1 }] })).status).toBe(404);
  });
});

describe('the seller decides', () => {
  it('agrees: 退款中 and sent to payments once; when done (by the payments module) 已退款; the rest collected settles the order', async () => {
    const s = await setting();
    const r = (await ask(s.order.id, s.buyer.token, { lines: [{ itemId: s.rice.id, qty: 1 }] })).data.refund;
    const agreed = await api.post(`/v1/refunds/${r.id}/agree`, s.leader.token, {});
    expect([agreed.status, agreed.data.refund.state]).toEqual([200, 'refunding']);
    expect(payments.sent.filter((id) => id === r.id)).toHaveLength(1);
    expect((await api.post(`/v1/refunds/${r.id}/agree`, s.leader.token, {})).message).toBe(RefundMsg.notRequested);
    expect(payments.sent.filter((id) => id === r.id)).toHaveLength(1);
    expect(await countOf(t, `select count(*) as n from notifications where kind = 'refundDecided' and user_id = '${s.buyer.userId}'`)).toBe(1);
    // While the refund is open the orange is handed over: the order waits for the refund.
    await collect(s.leader.leaderId, s.leader.token, s.order.id, [{ itemId: s.orange.id, collected: 2 }]);
    expect(await countOf(t, `select count(*) as n from ledger_postings where kind = 'settlement' and order_id = '${s.order.id}'`)).toBe(0);
    await completeRefund(t, r.id);
    const mine = await api.get('/v1/refunds/mine', s.buyer.token);
    expect(mine.data.refunds[0]).toMatchObject({ id: r.id, state: 'refunded', stateName: '已退款' });
    // Settled on what was kept: 2 × 12.50, 10% to the 团长.
    expect(await countOf(t, `select -sum(amount_fen) as n from ledger_lines where account = 'commission' and party = '${s.leader.leaderId}'`)).toBe(250);
  });

  it('refuses with a reason the buyer reads (已拒绝); a refusal leaving everything collected settles the order', async () => {
    const s = await setting();
    await collect(s.leader.leaderId, s.leader.token, s.order.id, [{ itemId: s.orange.id, collected: 2 }]);
    const r = (await ask(s.order.id, s.buyer.token, { lines: [{ itemId: s.rice.id, qty: 1 }] })).data.refund;
    expect((await collect(s.leader.leaderId, s.leader.token, s.order.id, [{ itemId: s.rice.id, collected: 1 }])).status).toBe(400);
    expect((await api.post(`/v1/refunds/${r.id}/refuse`, s.leader.token, { reason: '' })).message).toBe(RefundMsg.refuseReason);
    const refused = await api.post(`/v1/refunds/${r.id}/refuse`, s.leader.token, { reason: '商品已送达，无质量问题' });
    expect(refused.data.refund).toMatchObject({ state: 'refused', stateName: '已拒绝', refuseReason: '商品已送达，无质量问题' });
    await collect(s.leader.leaderId, s.leader.token, s.order.id, [{ itemId: s.rice.id, collected: 1 }]);
    expect(await countOf(t, `select count(*) as n from ledger_postings where kind = 'settlement' and order_id = '${s.order.id}'`)).toBe(1);
    const mine = await api.get('/v1/refunds/mine', s.buyer.token);
    expect(mine.data.refunds[0]).toMatchObject({ state: 'refused', refuseReason: '商品已送达，无质量问题' });
  });

  it("another seller, the buyer, and a shop's clerk of another shop cannot decide", async () => {
    const s = await setting();
    const r = (await ask(s.order.id, s.buyer.token, { lines: [{ itemId: s.rice.id, qty: 1 }] })).data.refund;
    const other = await newLeader(t);
    const shop = await newShop(t);
    for (const token of [other.token, s.buyer.token, shop.clerk.token]) {
      expect((await api.post(`/v1/refunds/${r.id}/agree`, token, {})).status).toBe(403);
      expect((await api.post(`/v1/refunds/${r.id}/refuse`, token, { reason: '不行' })).status).toBe(403);
    }
    expect((await api.get(`/v1/sellers/${s.leader.leaderId}/refunds`, other.token)).status).toBe(403);
    expect(payments.sent).not.toContain(r.id);
  });
});
