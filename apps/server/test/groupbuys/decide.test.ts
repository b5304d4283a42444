import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupBuyMsg } from '@sq/contract/groupbuys/group-buy-rules';
import { rowsOf } from '../../src/db/client';
import { runGroupBuyDecisions } from '../../src/modules/groupbuys/decide-job';
import { createRefundSender } from '../../src/modules/groupbuys/refund-sender';
import { createTestApp, type TestApp } from '../support/test-app';
import { ADMIN, api as apiOf, approvedLeader, buyForm, loginAs, markPaid, newResident, publish, RecordingPayments } from './group-buy-helpers';

let t: TestApp;
let api: ReturnType<typeof apiOf>;
let leader: Awaited<ReturnType<typeof approvedLeader>>;
const payments = new RecordingPayments();
beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { LOG_LEVEL: 'warn' }, payments });
  api = apiOf(t);
  leader = await approvedLeader(t);
});
afterAll(() => t.close());

const told: { userId: string; outcome: string; sentence: string }[] = [];
const decide = () =>
  runGroupBuyDecisions({
    db: t.database.db,
    sender: createRefundSender({ payments, notices: { groupBuyDecided: async (e) => void told.push(e) }, onError: (e) => { throw e; } }),
    now: t.clock.now,
  });

/** A group buy and `paid` residents who each ordered and paid 2 peaches (and one who did not pay). */
async function withOrders(paid: number, over: Record<string, unknown> = {}) {
  const g = await publish(t, leader.token, buyForm(t, { leaderId: leader.leaderId }, over));
  const orders = [];
  for (let i = 0; i < paid; i++) {
    const b = await newResident(t);
    const o = (await api.post('/v1/orders', b.token, { groupBuyId: g.id, lines: [{ itemId: g.items[0]!.id, qty: 2 }] })).data.order;
    await markPaid(t, o.id);
    orders.push({ ...o, userId: b.userId });
  }
  const lazy = await newResident(t);
  const unpaid = (await api.post('/v1/orders', lazy.token, { groupBuyId: g.id, lines: [{ itemId: g.items[0]!.id, qty: 1 }] })).data.order;
  return { g, orders, unpaid };
}

const refundsOf = async (groupBuyId: string) =>
  rowsOf<{ id: string; order_id: string; amount_fen: number; cause: string; status: string; lines: { itemId: string; qty: number }[] }>(
    await t.database.db.execute(sql`select r.* from refunds r join orders o on o.id = r.order_id where o.group_buy_id = ${groupBuyId}`),
  );
/** The sold count a group buy's page, its items, the seller's list and the staff's list show. */
async function soldShown(id: string) {
  const page = (await api.get(`/v1/group-buys/${id}`, leader.token)).data.groupBuy;
  const seller = (await api.get('/v1/group-buys/mine', leader.token)).data.groupBuys.find((x: { id: string }) => x.id === id);
  const manage = (await api.get(`/v1/group-buys/manage?poiId=${page.poiId}`, await loginAs(t, ADMIN))).data.groupBuys.find((x: { id: string }) => x.id === id);
  return { state: page.state, page: page.sold, items: page.items.map((i: { sold: number }) => i.sold), seller: seller.sold, manage: manage.sold };
}
const statusOf = async (id: string) => rowsOf<{ status: string }>(await t.database.db.execute(sql`select status from group_buys where id = ${id}`))[0]!.status;

describe('成团 when the window closes', () => {
  it('too few buyers: failed, every paid order refunded in full through the payments port, buyers told; unpaid ones left to the payments job', async () => {
    const { g, orders, unpaid } = await withOrders(2, { minOrders: 3 });
    expect(await decide()).toEqual([]);
    t.clock.advance(86_400_000 + 1000);
    const decided = await decide();
    expect(decided?.find((d) => d.groupBuyId === g.id)).toMatchObject({ outcome: 'failed', buyers: 2, minOrders: 3 });
    expect(await statusOf(g.id)).toBe('failed');
    const refunds = await refundsOf(g.id);
    expect(refunds).toHaveLength(2);
    for (const r of refunds) {
      expect(r).toMatchObject({ cause: 'failed_group', status: 'refunding', amount_fen: 3990 * 2, lines: [{ itemId: g.items[0]!.id, qty: 2 }] });
      expect(payments.sent).toContain(r.id);
    }
    expect(new Set(refunds.map((r) => r.order_id))).toEqual(new Set(orders.map((o) => o.id)));
    expect(told.filter((x) => orders.some((o) => o.userId === x.userId)).map((x) => x.outcome)).toEqual(['failed', 'failed']);
    expect(rowsOf<{ status: string }>(await t.database.db.execute(sql`select status from orders where id = ${unpaid.id}`))[0]!.status).toBe('unpaid');
    // Decided once: a second pass adds nothing.
    const sent = payments.sent.length;
    expect((await decide())?.some((d) => d.groupBuyId === g.id)).toBe(false);
    expect(await refundsOf(g.id)).toHaveLength(2);
    expect(payments.sent).toHaveLength(sent);
    // Its page and the lists say what is true: refunded in full, nothing sold (its units – the paid
    // ones' and the unpaid one's – stay in `sold`: a closed group buy's stock is not given back).
    expect(await soldShown(g.id)).toEqual({ state: 'failed', page: 0, items: [0, 0], seller: 0, manage: 0 });
  });

  it('enough buyers: succeeded, nothing refunded, buyers told where to pick up', async () => {
    const { g } = await withOrders(2, { minOrders: 2 });
    t.clock.advance(86_400_000 + 1000);
    const decided = await decide();
    expect(decided?.find((d) => d.groupBuyId === g.id)).toMatchObject({ outcome: 'succeeded', buyers: 2 });
    expect(await statusOf(g.id)).toBe('succeeded');
    expect(await refundsOf(g.id)).toHaveLength(0);
    expect(told.at(-1)?.sentence).toContain('已成团');
    expect(await soldShown(g.id)).toEqual({ state: 'succeeded', page: 5, items: [5, 0], seller: 5, manage: 5 });
  });

  it('one process decides: passes at once decide each group buy once', async () => {
    const { g } = await withOrders(1, { minOrders: 2 });
    t.clock.advance(86_400_000 + 1000);
    const passes = await Promise.all([decide(), decide(), decide()]);
    expect(passes.flatMap((p) => p ?? []).filter((d) => d.groupBuyId === g.id)).toHaveLength(1);
    expect(await refundsOf(g.id)).toHaveLength(1);
  });
});

describe("the seller's cancel", () => {
  it('refunds every paid order (cause cancelled), tells the buyers, and is audited; only the seller may', async () => {
    const { g, orders } = await withOrders(2);
    const stranger = await newResident(t);
    expect(await api.post(`/v1/group-buys/${g.id}/cancel`, stranger.token, { reason: '货源不足' }).then((r) => [r.status, r.message])).toEqual([403, GroupBuyMsg.notSeller]);
    expect((await api.post(`/v1/group-buys/${g.id}/cancel`, leader.token, { reason: '' })).message).toBe(GroupBuyMsg.cancelReason);
    const res = await api.post(`/v1/group-buys/${g.id}/cancel`, leader.token, { reason: '货源不足' });
    expect(res.status, res.message).toBe(200);
    expect(res.data).toMatchObject({ refunds: 2, groupBuy: { state: 'cancelled', statusReason: '货源不足' } });
    const refunds = await refundsOf(g.id);
    expect(refunds.map((r) => [r.cause, r.status, r.amount_fen])).toEqual([
      ['cancelled', 'refunding', 7980],
      ['cancelled', 'refunding', 7980],
    ]);
    for (const r of refunds) expect(payments.sent).toContain(r.id);
    const notices = rowsOf<{ user_id: string }>(await t.database.db.execute(sql`select user_id from notifications where kind = 'groupBuyDecided' and body like '%货源不足%'`));
    expect(new Set(notices.map((n) => n.user_id))).toEqual(new Set(orders.map((o) => o.userId)));
    expect(rowsOf<{ n: string }>(await t.database.db.execute(sql`select count(*) as n from audit_log where action = 'groupBuy.cancel' and subject_id = ${g.id}`))[0]!.n).toBe('1');
    expect((await api.post(`/v1/group-buys/${g.id}/cancel`, leader.token, { reason: '再次' })).message).toBe(GroupBuyMsg.notOpen);
    // Orders are refused once cancelled.
    const late = await newResident(t);
    expect((await api.post('/v1/orders', late.token, { groupBuyId: g.id, lines: [{ itemId: g.items[0]!.id, qty: 1 }] })).status).toBe(400);
  });
});

describe('share links', () => {
  it("credit an approved leader of the same community; another's link or none credits the group buy's own", async () => {
    const sharer = await approvedLeader(t);
    const g = await publish(t, leader.token, buyForm(t, { leaderId: leader.leaderId }));
    const b = await newResident(t);
    const page = await api.get(`/v1/group-buys/${g.id}?leader=${sharer.leaderId}`, b.token);
    expect(page.data.groupBuy.creditedLeader.id).toBe(sharer.leaderId);
    const o = (await api.post('/v1/orders', b.token, { groupBuyId: g.id, lines: [{ itemId: g.items[0]!.id, qty: 1 }], leaderId: sharer.leaderId })).data.order;
    const bogus = (await api.post('/v1/orders', b.token, { groupBuyId: g.id, lines: [{ itemId: g.items[0]!.id, qty: 1 }], leaderId: crypto.randomUUID() })).data.order;
    const credited = rowsOf<{ id: string; leader_id: string }>(await t.database.db.execute(sql`select id, leader_id from orders where id in (${o.id}, ${bogus.id})`));
    expect(Object.fromEntries(credited.map((c) => [c.id, c.leader_id]))).toEqual({ [o.id]: sharer.leaderId, [bogus.id]: leader.leaderId });
  });
});
