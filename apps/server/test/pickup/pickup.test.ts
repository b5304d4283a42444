import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commissionFen } from '@sq/contract/groupbuys/ledger';
import { PickupMsg } from '@sq/contract/pickup/pickup';
import { maskMobile } from '@sq/contract/rules';
import { createTestApp, type TestApp } from '../support/test-app';
import { api as apiOf, buyerPhone, countOf, DAY, expectLedgerBalanced, newClerk, newGroupBuy, newLeader, newResident, newShop, paidOrder } from './pickup-helpers';

let t: TestApp;
let api: ReturnType<typeof apiOf>;
beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { LOG_LEVEL: 'warn' } });
  api = apiOf(t);
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

const check = (seller: string, token: string, code: string) => api.post(`/v1/sellers/${seller}/pickup/check`, token, { code });
const collect = (seller: string, token: string, orderId: string, lines: { itemId: string; collected: number }[]) => api.post(`/v1/sellers/${seller}/pickup/collect`, token, { orderId, lines });
const settlements = (orderId: string) => countOf(t, `select count(*) as n from ledger_postings where kind = 'settlement' and order_id = '${orderId}'`);

/** A 团长 selling a group buy, a buyer with their phone, and one paid order credited to the 团长. */
async function setting() {
  const leader = await newLeader(t);
  const buy = await newGroupBuy(t, { leaderId: leader.leaderId });
  const buyer = await newResident(t);
  const phone = await buyerPhone(t, buyer.token);
  const order = await paidOrder(t, buy, buyer, { leaderId: leader.leaderId });
  return { leader, buy, buyer, phone, order };
}

describe('pickup online', () => {
  it('the 团长 scans: the order with its lines and the buyer masked; hands over everything; the order is collected and settled once', async () => {
    const s = await setting();
    const seen = await check(s.leader.leaderId, s.leader.token, s.phone.pickupCode(s.order.id));
    expect(seen.status).toBe(200);
    expect(seen.data).toMatchObject({ orderId: s.order.id, status: 'paid', buyer: { mobile: maskMobile(s.buyer.mobile) }, totalFen: 5500 });
    expect(JSON.stringify(seen.data)).not.toContain(s.buyer.mobile);
    expect(seen.data.lines.map((l: { qty: number }) => l.qty)).toEqual([2, 1]);
    const lines = s.buy.items.map((i, n) => ({ itemId: i.id, collected: n === 0 ? 2 : 1 }));
    const done = await collect(s.leader.leaderId, s.leader.token, s.order.id, lines);
    expect([done.status, done.data.status]).toEqual([200, 'collected']);
    // Sent again (a double tap): nothing more happens.
    expect((await collect(s.leader.leaderId, s.leader.token, s.order.id, lines)).status).toBe(200);
    expect(await settlements(s.order.id)).toBe(1);
    expect(await countOf(t, `select count(*) as n from orders where id = '${s.order.id}' and collected_at is not null and settled_at is not null`)).toBe(1);
    const commission = commissionFen(5500, 1000);
    expect(await countOf(t, `select -sum(amount_fen) as n from ledger_lines where account = 'commission' and party = '${s.leader.leaderId}'`)).toBe(commission);
    expect(await countOf(t, `select -sum(amount_fen) as n from ledger_lines where account = 'seller' and party = '${s.leader.leaderId}'`)).toBe(5500 - commission);
    // Scanned again after: told it is done.
    const again = await check(s.leader.leaderId, s.leader.token, s.phone.pickupCode(s.order.id));
    expect([again.status, again.message]).toEqual([400, PickupMsg.done]);
  });

  it('partial pickup: one line now, the rest later; settled only when every unit is handed over', async () => {
    const s = await setting();
    const [a, b] = s.buy.items;
    const first = await collect(s.leader.leaderId, s.leader.token, s.order.id, [{ itemId: a!.id, collected: 1 }]);
    expect([first.status, first.data.status]).toEqual([200, 'paid']);
    expect(first.data.lines.map((l: { collected: number }) => l.collected)).toEqual([1, 0]);
    expect(await settlements(s.order.id)).toBe(0);
    const over = await collect(s.leader.leaderId, s.leader.token, s.order.id, [{ itemId: b!.id, collected: 2 }]);
    expect([over.status, over.message]).toEqual([400, PickupMsg.tooMany]);
    const rest = await collect(s.leader.leaderId, s.leader.token, s.order.id, [
      { itemId: a!.id, collected: 2 },
      { itemId: b!.id, collected: 1 },
    ]);
    expect(rest.data.status).toBe('collected');
    expect(await settlements(s.order.id)).toBe(1);
  });

  it("another seller's code is refused and tells nothing of the order; a stranger is 403; a coupon's code is not a pickup code", async () => {
    const s = await setting();
    const other = await newLeader(t);
    const refused = await check(other.leaderId, other.token, s.phone.pickupCode(s.order.id));
    expect([refused.status, refused.message]).toEqual([400, PickupMsg.otherSeller]);
    expect(JSON.stringify(refused.data ?? null)).not.toContain(s.order.orderNo);
    const shop = await newShop(t);
    expect((await check(shop.id, shop.clerk.token, s.phone.pickupCode(s.order.id))).message).toBe(PickupMsg.otherSeller);
    // Acting for a seller one is not: 403 (the 团长's id with another person's session, a shop's with a resident's).
    expect((await check(s.leader.leaderId, other.token, s.phone.pickupCode(s.order.id))).status).toBe(403);
    expect((await check(shop.id, s.buyer.token, s.phone.pickupCode(s.order.id))).status).toBe(403);
    expect((await collect(other.leaderId, other.token, s.order.id, [{ itemId: s.buy.items[0]!.id, collected: 1 }])).message).toBe(PickupMsg.otherSeller);
    const coupon = s.phone.codeOf(s.order.id);
    expect((await check(s.leader.leaderId, s.leader.token, coupon)).message).toBe(PickupMsg.notOrder);
    // A code of a minute ago no longer works.
    const old = s.phone.pickupCode(s.order.id, t.clock.now().getTime() - 120_000);
    expect((await check(s.leader.leaderId, s.leader.token, old)).message).toBe(PickupMsg.staleCode);
    expect(await countOf(t, `select sum(collected_qty) as n from order_lines where order_id = '${s.order.id}'`)).toBe(0);
  });

  it("a shop's clerk scans an order of the shop's group buy; the seller's line goes to the shop and the commission to the crediting 团长", async () => {
    const shop = await newShop(t);
    const leader = await newLeader(t);
    const buy = await newGroupBuy(t, { merchantId: shop.id });
    const buyer = await newResident(t);
    const phone = await buyerPhone(t, buyer.token);
    const order = await paidOrder(t, buy, buyer, { leaderId: leader.leaderId, commissionBp: 500, qty: [1, 0] });
    const clerk = await newClerk(t, shop.id);
    expect((await check(shop.id, clerk.token, phone.pickupCode(order.id))).status).toBe(200);
    const done = await collect(shop.id, clerk.token, order.id, [{ itemId: buy.items[0]!.id, collected: 1 }]);
    expect(done.data.status).toBe('collected');
    expect(await countOf(t, `select -sum(amount_fen) as n from ledger_lines where account = 'seller' and party = '${shop.id}'`)).toBe(1250 - commissionFen(1250, 500));
    expect(await countOf(t, `select -sum(amount_fen) as n from ledger_lines where account = 'commission' and party = '${leader.leaderId}'`)).toBe(commissionFen(1250, 500));
  });

  it('an order credited to no 团长 settles with no commission line', async () => {
    const shop = await newShop(t);
    const buy = await newGroupBuy(t, { merchantId: shop.id });
    const buyer = await newResident(t);
    const order = await paidOrder(t, buy, buyer, { leaderId: null, qty: [1, 0] });
    await collect(shop.id, shop.owner.token, order.id, [{ itemId: buy.items[0]!.id, collected: 1 }]);
    expect(await countOf(t, `select count(*) as n from ledger_lines l join ledger_postings p on p.id = l.posting_id where p.order_id = '${order.id}' and l.account = 'commission'`)).toBe(0);
    expect(await countOf(t, `select -sum(amount_fen) as n from ledger_lines where account = 'seller' and party = '${shop.id}'`)).toBe(1250);
  });
});

describe('pickup offline', () => {
  it('the kit carries the paid orders with their lines and the buyers’ public keys; offline scans uploaded twice are applied once', async () => {
    const s = await setting();
    const second = await paidOrder(t, s.buy, s.buyer, { leaderId: s.leader.leaderId, qty: [1, 1] });
    const kit = await api.get(`/v1/sellers/${s.leader.leaderId}/pickup/kit`, s.leader.token);
    expect(kit.status).toBe(200);
    const mine = kit.data.orders.filter((o: { orderId: string }) => [s.order.id, second.id].includes(o.orderId));
    expect(mine).toHaveLength(2);
    expect(mine[0].keys[0].publicKey).toBe(s.phone.publicKey);
    expect(JSON.stringify(kit.data)).not.toContain(s.buyer.mobile);
    expect(JSON.stringify(kit.data)).not.toContain(s.phone.key.privateKey);

    const at = t.clock.now().getTime();
    const scans = [
      { code: s.phone.pickupCode(s.order.id, at), at, lines: s.buy.items.map((i, n) => ({ itemId: i.id, collected: n === 0 ? 2 : 1 })) },
      { code: s.phone.pickupCode(second.id, at), at, lines: [{ itemId: s.buy.items[0]!.id, collected: 1 }] },
    ];
    t.clock.advance(2 * 3_600_000);
    const sent = await api.post(`/v1/sellers/${s.leader.leaderId}/pickup/offline`, s.leader.token, { scans });
    expect(sent.data.results.map((r: { ok: boolean }) => r.ok)).toEqual([true, true]);
    const again = await api.post(`/v1/sellers/${s.leader.leaderId}/pickup/offline`, s.leader.token, { scans });
    expect(again.data.results.map((r: { ok: boolean }) => r.ok)).toEqual([true, true]);
    expect(await countOf(t, `select sum(collected_qty) as n from order_lines where order_id = '${second.id}'`)).toBe(1);
    expect(await settlements(s.order.id)).toBe(1);
    expect(await settlements(second.id)).toBe(0);
    // A scan older than the kit's life, and another seller's, are refused in words.
    const other = await newLeader(t);
    const late = await api.post(`/v1/sellers/${other.leaderId}/pickup/offline`, other.token, { scans: [{ ...scans[1]!, at: at - 2 * DAY }, scans[1]] });
    expect(late.data.results.map((r: { message: string | null }) => r.message)).toEqual([PickupMsg.time, PickupMsg.otherSeller]);
  });
});

describe('the day list and the resident side', () => {
  it('lists waiting orders by pickup point and day with totals per item; the buyer sees their own waiting orders', async () => {
    const s = await setting();
    const buyer2 = await newResident(t);
    await paidOrder(t, s.buy, buyer2, { leaderId: s.leader.leaderId, qty: [3, 0] });
    const list = await api.get(`/v1/sellers/${s.leader.leaderId}/pickup/list`, s.leader.token);
    expect(list.status).toBe(200);
    expect(list.data.groups).toHaveLength(1);
    expect(list.data.groups[0].pickupPoint).toBe('3号楼一单元门口');
    expect(list.data.groups[0].totals).toEqual([
      { name: '赣南脐橙5斤', qty: 5 },
      { name: '东北大米10斤', qty: 1 },
    ]);
    expect(JSON.stringify(list.data)).not.toContain(buyer2.mobile);
    const mine = await api.get('/v1/pickup/mine', s.buyer.token);
    expect(mine.data.orders.map((o: { orderId: string }) => o.orderId)).toEqual([s.order.id]);
    expect((await api.get(`/v1/sellers/${s.leader.leaderId}/pickup/list`, buyer2.token)).status).toBe(403);
    const sellers = await api.get('/v1/sellers/mine', s.leader.token);
    expect(sellers.data.sellers).toEqual([{ id: s.leader.leaderId, kind: 'leader', name: '3号楼王姐', poiId: 'DEMO000001' }]);
  });
});
