import { sql } from 'drizzle-orm';
import type { PaymentsPort } from '../../src/modules/payments/port';
import { boardApi, HOME, loginAs, newResident } from '../board/board-helpers';
import type { TestApp } from '../support/test-app';

export { boardApi as api, countOf, DAY, HOME, HOUR, loginAs, newJoiner, newResident, OTHER, userOf } from '../board/board-helpers';
export const ADMIN = '13800000001'; // administrator of HOME and OTHER, platform operator
export const MANAGER = '13800000002'; // manager of HOME

const seconds = (ms: number) => Math.floor(ms / 1000);

/** The payments port as the tests see it: it records what was sent (the real one is the payments module's). */
export class RecordingPayments implements PaymentsPort {
  sent: string[] = [];
  async sendRefund(refundId: string) {
    this.sent.push(refundId);
  }
}

/** A resident of `poiId` who applied and was approved by the community's administrator. */
export async function approvedLeader(t: TestApp, poiId = HOME) {
  const person = await newResident(t, poiId);
  const applied = await boardApi(t).post('/v1/group-leaders', person.token, { poiId, displayName: '3号楼王姐', pickupPoint: '3号楼一单元门口', intro: '每天下午在家' });
  if (applied.status !== 200) throw new Error(`apply failed: ${applied.status} ${applied.message}`);
  const leaderId = applied.data.leader.id as string;
  const ok = await boardApi(t).post(`/v1/group-leaders/${leaderId}/review`, await loginAs(t, ADMIN), { decision: 'approve' });
  if (ok.status !== 200) throw new Error(`approve failed: ${ok.status} ${ok.message}`);
  return { ...person, leaderId };
}

/** A valid group buy form: on sale from a minute ago for a day, pickup the next day. */
export function buyForm(t: TestApp, seller: { leaderId?: string; merchantId?: string }, over: Record<string, unknown> = {}) {
  const now = seconds(t.clock.now().getTime());
  return {
    poiId: HOME,
    ...seller,
    title: '阳山水蜜桃 产地直发',
    intro: '新鲜采摘，次日到货',
    photos: [],
    items: [
      { name: '水蜜桃', spec: '5斤装', photo: null, priceFen: 3990, stock: 50 },
      { name: '黄桃', spec: '3斤装', photo: null, priceFen: 2500, stock: 20 },
    ],
    perPersonLimit: 5,
    opensAt: now - 60,
    closesAt: now + 86_400,
    minOrders: 2,
    pickupPoint: '3号楼一单元门口',
    pickupFrom: now + 2 * 86_400,
    pickupUntil: now + 3 * 86_400,
    commissionBp: 1000,
    ...over,
  };
}

/** Publishes; throws unless it worked; answers the group buy as its page shows it. */
export async function publish(t: TestApp, token: string, form: object) {
  const res = await boardApi(t).post('/v1/group-buys', token, form);
  if (res.status !== 200) throw new Error(`publish failed: ${res.status} ${res.message}`);
  return res.data.groupBuy as { id: string; items: { id: string; name: string; stock: number }[] };
}

/** What the payments module does when WeChat Pay confirms: the order paid (its own tests cover how). */
export async function markPaid(t: TestApp, orderId: string) {
  await t.database.db.execute(sql`update orders set status = 'paid', paid_at = now() where id = ${orderId} and status = 'unpaid'`);
}

export async function itemSold(t: TestApp, itemId: string): Promise<{ sold: number; stock: number }> {
  const r = (await t.database.db.execute(sql`select sold, stock from group_buy_items where id = ${itemId}`)) as unknown as { rows: { sold: number; stock: number }[] };
  return { sold: Number(r.rows[0]!.sold), stock: Number(r.rows[0]!.stock) };
}
