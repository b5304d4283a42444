import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { ledgerBalanced } from '@sq/contract/groupbuys/ledger';
import { rowsOf } from '../../src/db/client';
import { freeLoopbackPort } from '../../src/lib/free-port';
import { ledgerTotals } from '../../src/modules/ledger/ledger';
import { startFakeWechatPay, type FakeWechatPay } from '../../src/modules/payments/wechatpay/fake-server';
import { boardApi, HOME, newResident } from '../board/board-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

export { boardApi as payApi, HOME, newResident };

export const MCH_ID = '1900000109';
export const APP_ID = 'wxd930ea5d5a258f4f';
export const API_V3_KEY = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6';
export const MINUTE = 60_000;

export interface PayTest {
  t: TestApp;
  fake: FakeWechatPay;
  close(): Promise<void>;
}

/**
 * The app with WeChat Pay configured against the local fake, listening on a loopback port so the
 * fake's notices reach it; the fake reads the test's clock (signatures carry timestamps).
 */
export async function payTestApp(): Promise<PayTest> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sq-pay-'));
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPath = path.join(dir, 'apiclient_key.pem');
  writeFileSync(keyPath, merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }));
  let clock: () => Date = () => new Date();
  const fake = await startFakeWechatPay({ mchId: MCH_ID, appId: APP_ID, apiV3Key: API_V3_KEY, merchantPublicKey: merchant.publicKey, now: () => clock() });
  const pubPath = path.join(dir, 'pub_key.pem');
  writeFileSync(pubPath, fake.publicKeyPem);
  const port = await freeLoopbackPort();
  const t = await createTestApp({
    seed: true,
    env: {
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      WECHATPAY_MCH_ID: MCH_ID,
      WECHATPAY_APP_ID: APP_ID,
      WECHATPAY_API_V3_KEY: API_V3_KEY,
      WECHATPAY_PRIVATE_KEY_PATH: keyPath,
      WECHATPAY_CERT_SERIAL: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      WECHATPAY_PUBLIC_KEY_PATH: pubPath,
      WECHATPAY_PUBLIC_KEY_ID: fake.publicKeyId,
      WECHATPAY_BASE_URL: fake.url,
    },
  });
  clock = t.clock.now;
  await t.app.listen({ port, host: '127.0.0.1' });
  return {
    t,
    fake,
    async close() {
      await fake.close();
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let seq = 0;

/** A 团长's group buy in HOME, open, with one item (price 1250 fen, stock 10) – written straight into the tables. */
export async function newGroupBuy(t: TestApp, opts: { stock?: number; priceFen?: number } = {}) {
  const leader = await newResident(t);
  const now = t.clock.now();
  const [l] = rowsOf<{ id: string }>(
    await t.database.db.execute(sql`insert into group_leaders (user_id, poi_id, display_name, pickup_point, status) values (${leader.userId}, ${HOME}, '3号楼王姐', '3号楼大堂', 'approved') returning id`),
  );
  const [g] = rowsOf<{ id: string }>(
    await t.database.db.execute(sql`
      insert into group_buys (poi_id, leader_id, title, commission_bp, min_orders, per_person_limit, opens_at, closes_at, pickup_point, pickup_from, pickup_until, status)
      values (${HOME}, ${l!.id}, '烟台红富士苹果', 500, 1, 10, ${new Date(now.getTime() - 3_600_000)}, ${new Date(now.getTime() + 86_400_000)}, '3号楼大堂',
              ${new Date(now.getTime() + 2 * 86_400_000)}, ${new Date(now.getTime() + 3 * 86_400_000)}, 'open') returning id`),
  );
  const [i] = rowsOf<{ id: string }>(
    await t.database.db.execute(sql`insert into group_buy_items (group_buy_id, name, price_fen, stock) values (${g!.id}, '苹果5斤装', ${opts.priceFen ?? 1250}, ${opts.stock ?? 10}) returning id`),
  );
  return { groupBuyId: g!.id, itemId: i!.id, leaderId: l!.id, priceFen: opts.priceFen ?? 1250 };
}

/** An unpaid order of `qty` units by `userId`, holding its stock (sold raised), pay_by 15 minutes on – as order creation writes it. */
export async function newOrder(t: TestApp, buy: Awaited<ReturnType<typeof newGroupBuy>>, userId: string, qty = 2) {
  const now = t.clock.now();
  const orderNo = `T${now.getTime()}${String(++seq).padStart(4, '0')}${process.pid % 1000}`;
  const total = buy.priceFen * qty;
  const [o] = rowsOf<{ id: string }>(
    await t.database.db.execute(sql`
      insert into orders (order_no, group_buy_id, poi_id, user_id, leader_id, commission_bp, total_fen, status, pay_by, created_at)
      values (${orderNo}, ${buy.groupBuyId}, ${HOME}, ${userId}, ${buy.leaderId}, 500, ${total}, 'unpaid', ${new Date(now.getTime() + 15 * MINUTE)}, ${now}) returning id`),
  );
  await t.database.db.execute(sql`insert into order_lines (order_id, item_id, name, price_fen, qty) values (${o!.id}, ${buy.itemId}, '苹果5斤装', ${buy.priceFen}, ${qty})`);
  await t.database.db.execute(sql`update group_buy_items set sold = sold + ${qty} where id = ${buy.itemId}`);
  return { id: o!.id, orderNo, totalFen: total };
}

/** A refund decided and in `refunding`, as the refunds domain writes it before calling sendRefund. */
export async function newRefund(t: TestApp, order: { id: string; orderNo: string }, itemId: string, qty: number, amountFen: number) {
  const outRefundNo = `${order.orderNo}R${++seq}`;
  const [r] = rowsOf<{ id: string }>(
    await t.database.db.execute(sql`
      insert into refunds (order_id, out_refund_no, amount_fen, lines, cause, reason, status)
      values (${order.id}, ${outRefundNo}, ${amountFen}, ${JSON.stringify([{ itemId, qty }])}::jsonb, 'buyer', '不想要了', 'refunding') returning id`),
  );
  return { id: r!.id, outRefundNo };
}

export async function one<T = Record<string, unknown>>(t: TestApp, query: ReturnType<typeof sql>): Promise<T> {
  return rowsOf<T>(await t.database.db.execute(query))[0]!;
}

export const soldOf = async (t: TestApp, itemId: string) => Number((await one<{ sold: number }>(t, sql`select sold from group_buy_items where id = ${itemId}`)).sold);
export const orderOf = (t: TestApp, id: string) =>
  one<{ status: string; refunded_fen: number; paid_at: Date | null; closed_at: Date | null }>(t, sql`select status, refunded_fen, paid_at, closed_at from orders where id = ${id}`);
export const postingsOf = async (t: TestApp, kind: string, ref: string) => Number((await one<{ n: string }>(t, sql`select count(*) as n from ledger_postings where kind = ${kind} and ref = ${ref}`)).n);

/** The balance check the issue asks after every test: payments − refunds = settled + pending + commission. */
export async function expectLedgerBalanced(t: TestApp) {
  const totals = await ledgerTotals(t.database.db);
  expect(ledgerBalanced(totals), JSON.stringify(totals)).toBe(true);
  return totals;
}

/** Starts paying through the API (H5) and answers its data; throws unless it worked. */
export async function startPaying(t: TestApp, token: string, orderId: string, channel: 'h5' | 'app' | 'jsapi' = 'h5') {
  const res = await boardApi(t).post(`/v1/orders/${orderId}/pay`, token, { channel });
  if (res.status !== 200) throw new Error(`pay failed: ${res.status} ${res.message}`);
  return res.data;
}
