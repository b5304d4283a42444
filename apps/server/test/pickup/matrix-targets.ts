import { eq, sql } from 'drizzle-orm';
import { holderCodeAt, newHolderKeyPair } from '@sq/contract/codes/holder-code';
import { XLSX_TYPE } from '@sq/contract/manage/export';
import { holderKeys, users } from '../../src/db/schema';
import { rowsOf } from '../../src/db/client';
import { postToLedger } from '../../src/modules/ledger/ledger';
import type { PaymentsPort } from '../../src/modules/payments/port';
import type { TestApp } from '../support/test-app';

export type CellResult = { status: number; wrote?: boolean };
type Sent = { status: number };
type Send = { post: (url: string, token: string | null, payload?: object) => Promise<Sent>; get: (url: string, token: string | null) => Promise<Sent> };

const HOME = 'DEMO000001';
/** The demo resident of HOME: an approved 团长 selling a group buy. */
const LEADER = '13800000004';
/** The demo visitor of HOME: buys in it (their orders are the refund rows' targets). */
const BUYER = '13800000005';

/** A PaymentsPort that sends nothing: the matrix checks who may ask for a refund, not WeChat Pay. */
export const matrixPayments: PaymentsPort = { sendRefund: async () => undefined };

/**
 * 社区团购's pickup, refund and earnings endpoints as matrix rows (issue 36): the demo resident is
 * the 团长, the demo visitor the buyer; every request that changes something gets a fresh paid
 * order (or refund), so each caller acts on their own.
 */
export function groupBuyMatrix(t: TestApp, send: Send) {
  const db = () => t.database.db;
  let leaderId = '';
  let groupBuyId = '';
  let itemId = '';
  let buyer = { id: '', kid: 0, privateKey: '' };
  let orders = 0;

  const idOf = async (mobile: string) => (await db().select({ id: users.id }).from(users).where(eq(users.mobileHash, t.pii.hash(mobile))))[0]!.id;

  /** A paid order of the buyer (2 units), its payment posted, with a code of the buyer's phone. */
  async function paidOrder() {
    const orderNo = `MX${Date.now()}${++orders}`;
    const id = await db().transaction(async (tx) => {
      const [o] = rowsOf<{ id: string }>(
        await tx.execute(sql`insert into orders (order_no, group_buy_id, poi_id, user_id, leader_id, commission_bp, total_fen, status, pay_by, paid_at)
          values (${orderNo}, ${groupBuyId}, ${HOME}, ${buyer.id}, ${leaderId}, 1000, 2000, 'paid', now(), now()) returning id`),
      );
      await tx.execute(sql`insert into order_lines (order_id, item_id, name, price_fen, qty) values (${o!.id}, ${itemId}, '矩阵苹果', 1000, 2)`);
      await postToLedger(tx, { kind: 'payment', ref: orderNo, orderId: o!.id, lines: [{ account: 'provider', party: null, amountFen: 2000 }, { account: 'held', party: null, amountFen: -2000 }] });
      return o!.id;
    });
    return { id, code: holderCodeAt({ kid: buyer.kid, privateKey: buyer.privateKey }, 'order', id, t.clock.now().getTime()).code };
  }
  async function requested() {
    const o = await paidOrder();
    const [r] = rowsOf<{ id: string }>(
      await db().execute(sql`insert into refunds (order_id, out_refund_no, amount_fen, lines, cause, reason) values (${o.id}, ${`R${o.id.slice(0, 8)}${orders}`}, 1000, ${JSON.stringify([{ itemId, qty: 1 }])}::jsonb, 'buyer', '矩阵退款') returning id`),
    );
    return r!.id;
  }
  const collected = async (o: { id: string }) => Number(rowsOf<{ n: number }>(await db().execute(sql`select sum(collected_qty)::int as n from order_lines where order_id = ${o.id}`))[0]!.n) > 0;
  const refundsOf = async (o: { id: string }) => Number(rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from refunds where order_id = ${o.id}`))[0]!.n) > 0;
  const decided = async (id: string) => rowsOf<{ status: string }>(await db().execute(sql`select status from refunds where id = ${id}`))[0]!.status !== 'requested';
  const writing = async <T>(target: () => Promise<T>, run: (it: T) => Promise<Sent>, changed: (it: T) => Promise<boolean>): Promise<CellResult> => {
    const it = await target();
    const res = await run(it);
    return { status: res.status, wrote: await changed(it) };
  };
  const read = async (p: Promise<Sent>): Promise<CellResult> => ({ status: (await p).status });

  return {
    async setUp() {
      const leaderUser = await idOf(LEADER);
      [{ id: leaderId }] = rowsOf<{ id: string }>(
        await db().execute(sql`insert into group_leaders (user_id, poi_id, display_name, pickup_point, status) values (${leaderUser}, ${HOME}, '矩阵团长', '矩阵提货点', 'approved') on conflict (user_id, poi_id) do update set status = 'approved' returning id`),
      ) as [{ id: string }];
      const now = t.clock.now().getTime();
      [{ id: groupBuyId }] = rowsOf<{ id: string }>(
        await db().execute(sql`insert into group_buys (poi_id, leader_id, title, commission_bp, per_person_limit, opens_at, closes_at, pickup_point, pickup_from, pickup_until, status)
          values (${HOME}, ${leaderId}, '矩阵团购', 1000, 100, ${new Date(now - 86_400_000).toISOString()}::timestamptz, ${new Date(now - 3_600_000).toISOString()}::timestamptz, '矩阵提货点',
            ${new Date(now).toISOString()}::timestamptz, ${new Date(now + 86_400_000).toISOString()}::timestamptz, 'succeeded') returning id`),
      ) as [{ id: string }];
      [{ id: itemId }] = rowsOf<{ id: string }>(
        await db().execute(sql`insert into group_buy_items (group_buy_id, name, price_fen, stock) values (${groupBuyId}, '矩阵苹果', 1000, 100000) returning id`),
      ) as [{ id: string }];
      const pair = newHolderKeyPair();
      const buyerId = await idOf(BUYER);
      await db().insert(holderKeys).values({ userId: buyerId, kid: 901, publicKey: pair.publicKey });
      buyer = { id: buyerId, kid: 901, privateKey: pair.privateKey };
    },

    request: {
      sellers: (tk: string | null) => read(send.get('/v1/sellers/mine', tk)),
      check: async (tk: string | null) => read(send.post(`/v1/sellers/${leaderId}/pickup/check`, tk, { code: (await paidOrder()).code })),
      collect: (tk: string | null) => writing(paidOrder, (o) => send.post(`/v1/sellers/${leaderId}/pickup/collect`, tk, { orderId: o.id, lines: [{ itemId, collected: 1 }] }), collected),
      kit: (tk: string | null) => read(send.get(`/v1/sellers/${leaderId}/pickup/kit`, tk)),
      offline: (tk: string | null) =>
        writing(paidOrder, (o) => send.post(`/v1/sellers/${leaderId}/pickup/offline`, tk, { scans: [{ code: o.code, at: t.clock.now().getTime(), lines: [{ itemId, collected: 1 }] }] }), collected),
      dayList: (tk: string | null) => read(send.get(`/v1/sellers/${leaderId}/pickup/list`, tk)),
      myPickups: (tk: string | null) => read(send.get('/v1/pickup/mine', tk)),
      refundable: async (tk: string | null) => read(send.get(`/v1/orders/${(await paidOrder()).id}/refundable`, tk)),
      requestRefund: (tk: string | null) => writing(paidOrder, (o) => send.post(`/v1/orders/${o.id}/refunds`, tk, { lines: [{ itemId, qty: 1 }], reason: '不想要了' }), refundsOf),
      myRefunds: (tk: string | null) => read(send.get('/v1/refunds/mine', tk)),
      sellerRefunds: (tk: string | null) => read(send.get(`/v1/sellers/${leaderId}/refunds`, tk)),
      agree: (tk: string | null) => writing(requested, (id) => send.post(`/v1/refunds/${id}/agree`, tk), decided),
      refuse: (tk: string | null) => writing(requested, (id) => send.post(`/v1/refunds/${id}/refuse`, tk, { reason: '已送达' }), decided),
      earnings: (tk: string | null) => read(send.get(`/v1/leaders/${leaderId}/earnings`, tk)),
      statement: async (tk: string | null): Promise<CellResult> => {
        const res = await t.app.inject({ method: 'GET', url: `/v1/leaders/${leaderId}/statement?month=2026-01`, headers: tk ? { token: tk } : {} });
        return { status: res.statusCode === 200 && !String(res.headers['content-type']).includes(XLSX_TYPE) ? -200 : res.statusCode };
      },
      leaderships: (tk: string | null) => read(send.get('/v1/leaders/mine', tk)),
    },
  };
}
