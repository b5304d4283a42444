import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { ledgerBalanced } from '@sq/contract/groupbuys/ledger';
import { rowsOf } from '../../src/db/client';
import { ledgerTotals, postToLedger } from '../../src/modules/ledger/ledger';
import { settleIfDone } from '../../src/modules/pickup/settlement';
import type { PaymentsPort } from '../../src/modules/payments/port';
import { HOME, newResident } from '../board/board-helpers';
import type { TestApp } from '../support/test-app';
import { holderPhone as couponPhone } from '../coupons/coupon-helpers';
import { holderCodeAt } from '@sq/contract/codes/holder-code';

export { boardApi as api, countOf, DAY, HOME, HOUR, OTHER, newResident } from '../board/board-helpers';
export { newClerk, newPerson, newShop } from '../coupons/coupon-helpers';

/** A recording PaymentsPort: which refunds were sent (the payments module's own behaviour is another branch's). */
export function recordingPayments() {
  const sent: string[] = [];
  const port: PaymentsPort = {
    async sendRefund(refundId: string) {
      sent.push(refundId);
    },
  };
  return { port, sent };
}

/** An approved 团长 in `poiId`, logged in. */
export async function newLeader(t: TestApp, poiId = HOME) {
  const person = await newResident(t, poiId);
  const [row] = rowsOf<{ id: string }>(
    await t.database.db.execute(sql`insert into group_leaders (user_id, poi_id, display_name, pickup_point, status) values (${person.userId}, ${poiId}, '3号楼王姐', '3号楼一单元门口', 'approved') returning id`),
  );
  return { ...person, leaderId: row!.id };
}

let buys = 0;
/** A group buy sold by a 团长 (`leaderId`) or a shop (`merchantId`), with two items (¥12.50 and ¥30). */
export async function newGroupBuy(t: TestApp, seller: { leaderId?: string; merchantId?: string }, opts: { poiId?: string; commissionBp?: number } = {}) {
  const now = t.clock.now().getTime();
  const [gb] = rowsOf<{ id: string }>(
    await t.database.db.execute(sql`
      insert into group_buys (poi_id, merchant_id, leader_id, title, commission_bp, min_orders, per_person_limit, opens_at, closes_at, pickup_point, pickup_from, pickup_until, status)
      values (${opts.poiId ?? HOME}, ${seller.merchantId ?? null}, ${seller.leaderId ?? null}, ${`今日鲜果团${++buys}`}, ${opts.commissionBp ?? 1000}, 1, 20,
        ${new Date(now - 86_400_000).toISOString()}::timestamptz, ${new Date(now - 3_600_000).toISOString()}::timestamptz, '3号楼一单元门口',
        ${new Date(now - 1_800_000).toISOString()}::timestamptz, ${new Date(now + 86_400_000).toISOString()}::timestamptz, 'succeeded') returning id`),
  );
  const items = rowsOf<{ id: string; price_fen: number; name: string }>(
    await t.database.db.execute(sql`
      insert into group_buy_items (group_buy_id, name, price_fen, stock, sold, sort) values
        (${gb!.id}, '赣南脐橙5斤', 1250, 100, 0, 0), (${gb!.id}, '东北大米10斤', 3000, 100, 0, 1) returning id, price_fen, name`),
  );
  return { id: gb!.id, items: items.map((i) => ({ id: i.id, priceFen: i.price_fen, name: i.name })) };
}

let orderNos = 0;
/**
 * A paid order written straight into the tables (ordering and paying are another branch's), with
 * its payment posted to the ledger: provider +total, held −total.
 */
export async function paidOrder(t: TestApp, buy: Awaited<ReturnType<typeof newGroupBuy>>, buyer: { userId: string }, opts: { qty?: [number, number]; leaderId?: string | null; commissionBp?: number; poiId?: string } = {}) {
  const [q0, q1] = opts.qty ?? [2, 1];
  const lines = [
    { item: buy.items[0]!, qty: q0 },
    { item: buy.items[1]!, qty: q1 },
  ].filter((l) => l.qty > 0);
  const total = lines.reduce((s, l) => s + l.qty * l.item.priceFen, 0);
  const orderNo = `T${Date.now()}${String(++orderNos).padStart(5, '0')}`;
  const now = t.clock.now().toISOString();
  const db = t.database.db;
  const id = await db.transaction(async (tx) => {
    const [o] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into orders (order_no, group_buy_id, poi_id, user_id, leader_id, commission_bp, total_fen, status, pay_by, paid_at)
        values (${orderNo}, ${buy.id}, ${opts.poiId ?? HOME}, ${buyer.userId}, ${opts.leaderId ?? null}, ${opts.commissionBp ?? 1000}, ${total}, 'paid', ${now}::timestamptz, ${now}::timestamptz) returning id`),
    );
    for (const l of lines) {
      await tx.execute(sql`insert into order_lines (order_id, item_id, name, price_fen, qty) values (${o!.id}, ${l.item.id}, ${l.item.name}, ${l.item.priceFen}, ${l.qty})`);
      await tx.execute(sql`update group_buy_items set sold = sold + ${l.qty} where id = ${l.item.id}`);
    }
    await postToLedger(tx, {
      kind: 'payment',
      ref: orderNo,
      orderId: o!.id,
      lines: [
        { account: 'provider', party: null, amountFen: total },
        { account: 'held', party: null, amountFen: -total },
      ],
    });
    return o!.id;
  });
  return { id, orderNo, total };
}

/** The buyer's phone: a registered holder key and the pickup codes it shows. */
export async function buyerPhone(t: TestApp, token: string) {
  const phone = await couponPhone(t, token);
  return { ...phone, pickupCode: (orderId: string, atMs = t.clock.now().getTime()) => holderCodeAt(phone.key, 'order', orderId, atMs).code };
}

/** The refund a payments notice would complete (the payments module's work, done here by hand for the ledger check). */
export async function completeRefund(t: TestApp, refundId: string) {
  await t.database.db.transaction(async (tx) => {
    const [r] = rowsOf<{ order_id: string; out_refund_no: string; amount_fen: number; lines: { itemId: string; qty: number }[] }>(
      await tx.execute(sql`update refunds set status = 'refunded', refunded_at = now() where id = ${refundId} and status = 'refunding' returning order_id, out_refund_no, amount_fen, lines`),
    );
    if (!r) return;
    await tx.execute(sql`update orders set refunded_fen = refunded_fen + ${r.amount_fen} where id = ${r.order_id}`);
    for (const l of r.lines) await tx.execute(sql`update order_lines set refunded_qty = refunded_qty + ${l.qty} where order_id = ${r.order_id} and item_id = ${l.itemId}`);
    await postToLedger(tx, {
      kind: 'refund',
      ref: r.out_refund_no,
      orderId: r.order_id,
      lines: [
        { account: 'held', party: null, amountFen: r.amount_fen },
        { account: 'provider', party: null, amountFen: -r.amount_fen },
      ],
    });
    await settleIfDone(tx, r.order_id, t.clock.now());
  });
}

/** payments − refunds = settled + pending + commission. */
export async function expectLedgerBalanced(t: TestApp) {
  const totals = await ledgerTotals(t.database.db);
  expect(ledgerBalanced(totals), JSON.stringify(totals)).toBe(true);
  return totals;
}

