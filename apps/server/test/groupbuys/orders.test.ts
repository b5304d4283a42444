import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Msg } from '@sq/contract/messages';
import { MY_ORDERS_PAGE, OrderMsg } from '@sq/contract/orders/order-rules';
import { rowsOf } from '../../src/db/client';
import { createTestApp, type TestApp } from '../support/test-app';
import { api as apiOf, approvedLeader, buyForm, countOf, HOME, itemSold, newJoiner, newResident, OTHER, publish } from './group-buy-helpers';

let t: TestApp;
let api: ReturnType<typeof apiOf>;
let leader: Awaited<ReturnType<typeof approvedLeader>>;
beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { LOG_LEVEL: 'warn' } });
  api = apiOf(t);
  leader = await approvedLeader(t);
});
afterAll(() => t.close());

const newBuy = (over: Record<string, unknown> = {}) => publish(t, leader.token, buyForm(t, { leaderId: leader.leaderId }, over));
const order = (token: string, groupBuyId: string, lines: { itemId: string; qty: number }[], over: Record<string, unknown> = {}) =>
  api.post('/v1/orders', token, { groupBuyId, lines, ...over });

describe('placing orders', () => {
  it('an order holds its units, is numbered, waits 15 minutes for payment and credits the leader', async () => {
    const g = await newBuy();
    const me = await newResident(t);
    const res = await order(me.token, g.id, [
      { itemId: g.items[0]!.id, qty: 2 },
      { itemId: g.items[1]!.id, qty: 1 },
    ]);
    expect(res.status, res.message).toBe(200);
    const o = res.data.order;
    expect(o).toMatchObject({ status: 'unpaid', totalFen: 3990 * 2 + 2500, groupBuy: { id: g.id, seller: '3号楼王姐' } });
    expect(o.orderNo).toMatch(/^\d{18}$/);
    expect(o.payBy - o.createdAt).toBe(15 * 60);
    expect(await itemSold(t, g.items[0]!.id)).toEqual({ sold: 2, stock: 50 });
    expect(await countOf(t, `select count(*) as n from orders where id = '${o.id}' and leader_id = '${leader.leaderId}' and commission_bp = 1000`)).toBe(1);
    const detail = await api.get(`/v1/orders/${o.id}`, me.token);
    expect(detail.data.order.lines).toHaveLength(2);
    const list = await api.get('/v1/orders/mine?state=unpaid', me.token);
    expect(list.data.orders.map((x: { id: string }) => x.id)).toEqual([o.id]);
    expect(list.data.counts.unpaid).toBe(1);
    // Nobody else reads it.
    const other = await newResident(t);
    expect((await api.get(`/v1/orders/${o.id}`, other.token)).status).toBe(404);
  });

  it('200 parallel orders on stock 50: exactly 50 hold units, the rest are refused with the stock message', async () => {
    const g = await newBuy({ items: [{ name: '东北大米', spec: '10斤', photo: null, priceFen: 4990, stock: 50 }], perPersonLimit: 10 });
    const buyers = await Promise.all(Array.from({ length: 100 }, () => newResident(t)));
    const itemId = g.items[0]!.id;
    const answers = await Promise.all(buyers.flatMap((b) => [order(b.token, g.id, [{ itemId, qty: 1 }]), order(b.token, g.id, [{ itemId, qty: 1 }])]));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(50);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(150);
    expect(new Set(refused.map((a) => [a.status, a.message].join(' ')))).toEqual(new Set([`400 ${OrderMsg.stock('东北大米', 0)}`]));
    expect(await itemSold(t, itemId)).toEqual({ sold: 50, stock: 50 });
    expect(await countOf(t, `select count(*) as n from orders where group_buy_id = '${g.id}'`)).toBe(50);
  });

  it('a line short refuses the whole order, naming the item and what is left', async () => {
    const g = await newBuy();
    const me = await newResident(t);
    const res = await order(me.token, g.id, [
      { itemId: g.items[0]!.id, qty: 1 },
      { itemId: g.items[1]!.id, qty: 21 },
    ], { clientKey: undefined });
    expect(res.status).toBe(400);
    // Over the per-person limit first (5): with a higher limit, the stock speaks.
    expect(res.message).toBe(OrderMsg.limit(5, 0));
    const big = await newBuy({ perPersonLimit: 100 });
    const short = await order(me.token, big.id, [
      { itemId: big.items[0]!.id, qty: 1 },
      { itemId: big.items[1]!.id, qty: 21 },
    ]);
    expect([short.status, short.message]).toEqual([400, OrderMsg.stock('黄桃', 20)]);
    expect(await itemSold(t, big.items[0]!.id)).toEqual({ sold: 0, stock: 50 });
  });

  it('the per-person limit holds under parallel submits of one person', async () => {
    const g = await newBuy({ perPersonLimit: 3 });
    const me = await newResident(t);
    const answers = await Promise.all(Array.from({ length: 50 }, () => order(me.token, g.id, [{ itemId: g.items[0]!.id, qty: 1 }])));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 400).every((a) => a.message === OrderMsg.limit(3, 3))).toBe(true);
    expect(await itemSold(t, g.items[0]!.id)).toEqual({ sold: 3, stock: 50 });
  });

  it('a resubmit with the same clientKey answers the same order, also in parallel', async () => {
    const g = await newBuy();
    const me = await newResident(t);
    const lines = [{ itemId: g.items[0]!.id, qty: 1 }];
    const answers = await Promise.all(Array.from({ length: 50 }, () => order(me.token, g.id, lines, { clientKey: 'cart-key-0001' })));
    // Each answers the one order – or, while the first holds the person's turn and the pool is busy, 503 (nothing written).
    expect(answers.every((a) => a.status === 200 || (a.status === 503 && a.message === Msg.busy))).toBe(true);
    const ids = new Set(answers.filter((a) => a.status === 200).map((a) => a.data.order.id));
    expect(ids.size).toBe(1);
    const later = await order(me.token, g.id, lines, { clientKey: 'cart-key-0001' });
    expect(ids.has(later.data.order.id)).toBe(true);
    expect(await itemSold(t, g.items[0]!.id)).toEqual({ sold: 1, stock: 50 });
  });

  it('the buyer cancels an unpaid order: its units are given back; cancelling twice is refused', async () => {
    const g = await newBuy();
    const me = await newResident(t);
    const o = (await order(me.token, g.id, [{ itemId: g.items[0]!.id, qty: 4 }])).data.order;
    const res = await api.post(`/v1/orders/${o.id}/cancel`, me.token);
    expect(res.data.order.status).toBe('closed');
    expect(await itemSold(t, g.items[0]!.id)).toEqual({ sold: 0, stock: 50 });
    expect((await api.post(`/v1/orders/${o.id}/cancel`, me.token)).message).toBe(OrderMsg.notCancellable);
    expect((await api.post(`/v1/orders/${o.id}/cancel`, leader.token)).status).toBe(404);
    // The limit counts it no more.
    expect((await order(me.token, g.id, [{ itemId: g.items[0]!.id, qty: 5 }])).status).toBe(200);
  });

  it('refuses people of other communities, a window not open, items of another group buy – holding nothing', async () => {
    const g = await newBuy();
    const other = await newResident(t, OTHER);
    const joiner = await newJoiner(t, HOME);
    for (const token of [other.token, joiner.token]) {
      expect(await order(token, g.id, [{ itemId: g.items[0]!.id, qty: 1 }]).then((r) => [r.status, r.message])).toEqual([403, OrderMsg.notResident]);
    }
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const later = await newBuy({ opensAt: now + 3600, closesAt: now + 7200, pickupFrom: now + 86_400, pickupUntil: now + 2 * 86_400 });
    const me = await newResident(t);
    expect((await order(me.token, later.id, [{ itemId: later.items[0]!.id, qty: 1 }])).message).toBe(OrderMsg.notStarted);
    expect((await order(me.token, g.id, [{ itemId: later.items[0]!.id, qty: 1 }])).message).toBe(OrderMsg.item);
    expect((await order(me.token, g.id, [])).message).toBe(OrderMsg.lines);
    t.clock.advance(2 * 86_400 * 1000);
    expect((await order(me.token, g.id, [{ itemId: g.items[0]!.id, qty: 1 }])).message).toBe(OrderMsg.closed);
    expect(await itemSold(t, g.items[0]!.id)).toEqual({ sold: 0, stock: 50 });
    expect(await itemSold(t, later.items[0]!.id)).toEqual({ sold: 0, stock: 50 });
  });
});

/** Every order of the list `state`, page by page as the web list scrolls; the pages' sizes too. */
async function allPages(token: string, state: string) {
  const ids: string[] = [];
  const sizes: number[] = [];
  let cursor: string | null = null;
  do {
    const q: string = `/v1/orders/mine?state=${state}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await api.get(q, token);
    expect(res.status, res.message).toBe(200);
    ids.push(...res.data.orders.map((o: { id: string }) => o.id));
    sizes.push(res.data.orders.length);
    expect(res.data.counts).toBeDefined();
    cursor = res.data.next;
  } while (cursor && sizes.length < 20);
  return { ids, sizes };
}

describe('我的订单, page by page', () => {
  it('more than a page, many sharing one created_at to the microsecond: every order once, newest first', async () => {
    const g = await newBuy();
    const me = await newResident(t);
    const n = MY_ORDERS_PAGE * 2 + 5;
    // 30 orders written in one statement share their created_at exactly (a cursor cut at milliseconds
    // or by created_at alone would skip or repeat them); the rest a second apart, older and newer.
    await t.database.db.execute(sql`
      insert into orders (order_no, group_buy_id, poi_id, user_id, total_fen, status, pay_by, created_at)
      select 'P' || ${me.userId.slice(0, 8)} || lpad(i::text, 4, '0'), ${g.id}, ${HOME}, ${me.userId}, 100 * i,
             case when i % 3 = 0 then 'unpaid' else 'closed' end, now(),
             case when i between 10 and 39 then timestamptz '2026-11-20 10:00:00.123456+00' else timestamptz '2026-11-20 10:00:00.123456+00' + (i - 25) * interval '1 second' end
      from generate_series(1, ${n}) i`);
    const expected = rowsOf<{ id: string; status: string }>(await t.database.db.execute(sql`select id, status from orders where user_id = ${me.userId} order by created_at desc, id desc`));
    expect(expected).toHaveLength(n);

    const all = await allPages(me.token, 'all');
    expect(all.sizes).toEqual([MY_ORDERS_PAGE, MY_ORDERS_PAGE, 5]);
    expect(all.ids).toEqual(expected.map((o) => o.id));

    const unpaid = await allPages(me.token, 'unpaid');
    expect(unpaid.ids).toEqual(expected.filter((o) => o.status === 'unpaid').map((o) => o.id));
    expect(unpaid.sizes).toEqual([15]);
  });

  it('a cursor that is not one of ours is a clear 400', async () => {
    const me = await newResident(t);
    for (const cursor of ['xyz', Buffer.from("2026-11-20 10:00:00+00|1'; drop table orders").toString('base64url')]) {
      const res = await api.get(`/v1/orders/mine?cursor=${cursor}`, me.token);
      expect([res.status, res.message]).toEqual([400, OrderMsg.cursor]);
    }
  });
});
