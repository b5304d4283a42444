import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/client';
import type { TestApp } from '../support/test-app';

type Sent = { status: number };
type Send = { post: (url: string, token: string | null, payload?: object) => Promise<Sent>; get: (url: string, token: string | null) => Promise<Sent> };

const HOME = 'DEMO000001';

/**
 * 支付's endpoints as matrix rows (issue 36): an unpaid order of `buyerId` (the demo resident) in
 * HOME. Without WeChat Pay configured (the matrix's app), the buyer's pay is 503 本站暂未开通在线支付:
 * everyone else is refused before any provider is asked. Reconciliations: the platform operator.
 */
export function paymentsMatrix(t: TestApp, send: Send) {
  let orderId = '';
  const one = async (q: ReturnType<typeof sql>) => rowsOf<{ id: string }>(await t.database.db.execute(q))[0]!.id;
  return {
    async setUp(buyerId: string) {
      const now = t.clock.now().getTime();
      const leader = await one(sql`insert into group_leaders (user_id, poi_id, display_name, pickup_point, status) values (${buyerId}, ${HOME}, '矩阵团长', '东门', 'approved') on conflict (user_id, poi_id) do update set status = 'approved' returning id`);
      const buy = await one(sql`
        insert into group_buys (poi_id, leader_id, title, per_person_limit, opens_at, closes_at, pickup_point, pickup_from, pickup_until)
        values (${HOME}, ${leader}, '矩阵团购', 5, ${new Date(now - 3_600_000)}, ${new Date(now + 86_400_000)}, '东门', ${new Date(now + 2 * 86_400_000)}, ${new Date(now + 3 * 86_400_000)}) returning id`);
      orderId = await one(sql`
        insert into orders (order_no, group_buy_id, poi_id, user_id, total_fen, status, pay_by)
        values (${`M${now}`}, ${buy}, ${HOME}, ${buyerId}, 1000, 'unpaid', ${new Date(now + 365 * 86_400_000)}) returning id`);
    },
    request: {
      pay: (tk: string | null) => send.post(`/v1/orders/${orderId}/pay`, tk, { channel: 'h5' }),
      payment: (tk: string | null) => send.get(`/v1/orders/${orderId}/payment`, tk),
      reconciliations: (tk: string | null) => send.get('/v1/payments/reconciliations', tk),
    },
  };
}
