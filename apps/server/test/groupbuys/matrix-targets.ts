import { and, count, eq } from 'drizzle-orm';
import { groupBuyItems, groupBuys, groupLeaders, orders, units, unitOwners, users } from '../../src/db/schema';
import { freshMobile } from '../support/factories';
import type { TestApp } from '../support/test-app';

/** What a matrix cell records: the status, and for requests that change something whether they did. */
export type CellResult = { status: number; wrote?: boolean };
type Sent = { status: number };
type Send = { post: (url: string, token: string | null, payload?: object) => Promise<Sent>; get: (url: string, token: string | null) => Promise<Sent> };

const HOME = 'DEMO000001';
const DAY = 86_400_000;

/**
 * 社区团购's endpoints as matrix rows (issue 36): a 团长 of HOME (not a column: a person of their
 * own) with a group buy on sale, and for requests that change something a fresh target per caller.
 */
export function groupBuyMatrix(t: TestApp, send: Send) {
  const db = () => t.database.db;
  let leaderId = '';
  let buyId = '';
  let itemId = '';
  let ownOrderId = '';
  let rooms = 0;

  /** A person who owns a home in HOME (a resident), with no application yet. */
  async function resident() {
    const mobile = freshMobile();
    const [unit] = await db().insert(units).values({ poiId: HOME, building: '77', room: String(100 + rooms++), areaCenti: 8000 }).returning({ id: units.id });
    await db().insert(unitOwners).values({ unitId: unit!.id, mobileHash: t.pii.hash(mobile), mobileEnc: t.pii.encrypt(mobile), sort: 0 });
    const token = await t.login(mobile, `10.78.${Math.floor(rooms / 200)}.${(rooms % 200) + 1}`);
    const [u] = await db().select({ id: users.id }).from(users).where(eq(users.mobileHash, t.pii.hash(mobile)));
    return { token, userId: u!.id };
  }
  async function pendingApplication() {
    const p = await resident();
    const [row] = await db().insert(groupLeaders).values({ userId: p.userId, poiId: HOME, displayName: '矩阵申请', pickupPoint: '1号楼' }).returning({ id: groupLeaders.id });
    return row!.id;
  }
  async function groupBuy() {
    const now = t.clock.now().getTime();
    const [g] = await db()
      .insert(groupBuys)
      .values({ poiId: HOME, leaderId, title: '矩阵团购', perPersonLimit: 99, opensAt: new Date(now - DAY), closesAt: new Date(now + 7 * DAY), pickupPoint: '1号楼', pickupFrom: new Date(now + 8 * DAY), pickupUntil: new Date(now + 9 * DAY) })
      .returning({ id: groupBuys.id });
    const [i] = await db().insert(groupBuyItems).values({ groupBuyId: g!.id, name: '矩阵苹果', priceFen: 100, stock: 1000 }).returning({ id: groupBuyItems.id });
    return { id: g!.id, itemId: i!.id };
  }
  const statusOf = async (id: string) => (await db().select({ s: groupLeaders.status }).from(groupLeaders).where(eq(groupLeaders.id, id)))[0]!.s;
  const buyStatus = async (id: string) => (await db().select({ s: groupBuys.status }).from(groupBuys).where(eq(groupBuys.id, id)))[0]!.s;
  const applications = async () => (await db().select({ n: count() }).from(groupLeaders).where(eq(groupLeaders.poiId, HOME)))[0]!.n;
  const ordersOf = async (id: string) => (await db().select({ n: count() }).from(orders).where(eq(orders.groupBuyId, id)))[0]!.n;
  const buysOfLeader = async () => (await db().select({ n: count() }).from(groupBuys).where(eq(groupBuys.leaderId, leaderId)))[0]!.n;
  const cell = async (res: Promise<Sent>, changed: () => Promise<boolean>): Promise<CellResult> => ({ status: (await res).status, wrote: await changed() });
  const form = () => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    return {
      poiId: HOME,
      leaderId,
      title: '矩阵发布',
      items: [{ name: '苹果', priceFen: 100, stock: 10 }],
      perPersonLimit: 2,
      opensAt: now,
      closesAt: now + 86_400,
      minOrders: 1,
      pickupPoint: '1号楼',
      pickupFrom: now + 2 * 86_400,
      pickupUntil: now + 3 * 86_400,
    };
  };

  return {
    async setUp() {
      const leader = await resident();
      const [row] = await db().insert(groupLeaders).values({ userId: leader.userId, poiId: HOME, displayName: '矩阵团长', pickupPoint: '1号楼', status: 'approved' }).returning({ id: groupLeaders.id });
      leaderId = row!.id;
      ({ id: buyId, itemId } = await groupBuy());
      const buyer = await resident();
      const placed = await send.post('/v1/orders', buyer.token, { groupBuyId: buyId, lines: [{ itemId, qty: 1 }] });
      if (placed.status !== 200) throw new Error(`matrix order failed: ${placed.status}`);
      ownOrderId = (await db().select({ id: orders.id }).from(orders).where(and(eq(orders.groupBuyId, buyId), eq(orders.userId, buyer.userId))))[0]!.id;
    },
    request: {
      apply: async (tk: string | null) => {
        const before = await applications();
        return cell(send.post('/v1/group-leaders', tk, { poiId: HOME, displayName: '矩阵团长', pickupPoint: '2号楼' }), async () => (await applications()) !== before);
      },
      applications: async (tk: string | null) => ({ status: (await send.get(`/v1/group-leaders?poiId=${HOME}`, tk)).status }),
      review: async (tk: string | null) => {
        const id = await pendingApplication();
        return cell(send.post(`/v1/group-leaders/${id}/review`, tk, { decision: 'approve' }), async () => (await statusOf(id)) !== 'pending');
      },
      suspend: async (tk: string | null) => {
        const id = await pendingApplication();
        await db().update(groupLeaders).set({ status: 'approved' }).where(eq(groupLeaders.id, id));
        return cell(send.post(`/v1/group-leaders/${id}/suspend`, tk, { suspend: true, reason: '矩阵停用' }), async () => (await statusOf(id)) !== 'approved');
      },
      list: async (tk: string | null) => ({ status: (await send.get(`/v1/group-buys?poiId=${HOME}`, tk)).status }),
      page: async (tk: string | null) => ({ status: (await send.get(`/v1/group-buys/${buyId}`, tk)).status }),
      manage: async (tk: string | null) => ({ status: (await send.get(`/v1/group-buys/manage?poiId=${HOME}`, tk)).status }),
      publish: async (tk: string | null) => {
        const before = await buysOfLeader();
        return cell(send.post('/v1/group-buys', tk, form()), async () => (await buysOfLeader()) !== before);
      },
      cancel: async (tk: string | null) => {
        const g = await groupBuy();
        return cell(send.post(`/v1/group-buys/${g.id}/cancel`, tk, { reason: '矩阵取消' }), async () => (await buyStatus(g.id)) !== 'open');
      },
      order: async (tk: string | null) => {
        const before = await ordersOf(buyId);
        return cell(send.post('/v1/orders', tk, { groupBuyId: buyId, lines: [{ itemId, qty: 1 }] }), async () => (await ordersOf(buyId)) !== before);
      },
      othersOrder: async (tk: string | null) => ({ status: (await send.get(`/v1/orders/${ownOrderId}`, tk)).status }),
      cancelOthersOrder: async (tk: string | null) =>
        cell(send.post(`/v1/orders/${ownOrderId}/cancel`, tk), async () => (await db().select({ s: orders.status }).from(orders).where(eq(orders.id, ownOrderId)))[0]!.s !== 'unpaid'),
    },
  };
}
