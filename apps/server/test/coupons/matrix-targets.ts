import { and, count, eq } from 'drizzle-orm';
import { holderCodeAt, newHolderKeyPair } from '@sq/contract/codes/holder-code';
import { XLSX_TYPE } from '@sq/contract/manage/export';
import { couponBatches, coupons, holderKeys, merchantCommunities, merchants, merchantStaff, users } from '../../src/db/schema';
import type { TestApp } from '../support/test-app';

/** What a matrix cell records: the status, and for requests that change something whether they did. */
export type CellResult = { status: number; wrote?: boolean };
type Sent = { status: number };
type Send = { post: (url: string, token: string | null, payload?: object) => Promise<Sent>; get: (url: string, token: string | null) => Promise<Sent> };

const HOME = 'DEMO000001';
/** The demo resident of HOME: holds the coupons the shop's rows act on. */
const HOLDER = '13800000004';

/**
 * 优惠券's endpoints as matrix rows (issue 35): a shop approved in HOME, whose owner is `owner`,
 * and for every request that changes something a fresh target (a batch, a coupon of the demo
 * resident with a code their phone signed), so each caller acts on their own.
 */
export function couponMatrix(t: TestApp, send: Send) {
  const db = () => t.database.db;
  let shopId = '';
  let holder = { id: '', kid: 0, privateKey: '' };

  async function batch(over: Partial<typeof couponBatches.$inferInsert> = {}) {
    const now = t.clock.now().getTime();
    const [row] = await db()
      .insert(couponBatches)
      .values({ merchantId: shopId, title: '矩阵券', kind: 'cash', valueFen: 500, total: 100, claimStartsAt: new Date(now - 3_600_000), claimEndsAt: new Date(now + 7 * 86_400_000), validDays: 7, ...over })
      .returning({ id: couponBatches.id });
    return row!.id;
  }
  /** A coupon of the demo resident, with a code of their phone's key as a counter scans it. */
  async function heldCoupon() {
    const batchId = await batch({ claimed: 1 });
    const [row] = await db()
      .insert(coupons)
      .values({ batchId, merchantId: shopId, userId: holder.id, poiId: HOME, validUntil: new Date(t.clock.now().getTime() + 7 * 86_400_000) })
      .returning({ id: coupons.id });
    const id = row!.id;
    return { id, batchId, code: holderCodeAt({ kid: holder.kid, privateKey: holder.privateKey }, 'coupon', id, t.clock.now().getTime()).code };
  }
  const couponsIn = async (batchId: string) => (await db().select({ n: count() }).from(coupons).where(eq(coupons.batchId, batchId)))[0]!.n;
  const used = async (c: { id: string }) => (await db().select({ s: coupons.status }).from(coupons).where(eq(coupons.id, c.id)))[0]!.s === 'used';
  const batchesOfShop = async () => (await db().select({ n: count() }).from(couponBatches).where(eq(couponBatches.merchantId, shopId)))[0]!.n;
  const writing = async <T>(target: () => Promise<T>, run: (it: T) => Promise<Sent>, changed: (it: T) => Promise<boolean>): Promise<CellResult> => {
    const it = await target();
    const res = await run(it);
    return { status: res.status, wrote: await changed(it) };
  };
  const exportFile = async (tk: string | null): Promise<CellResult> => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/merchants/${shopId}/redemptions?export=1`, headers: tk ? { token: tk } : {} });
    return { status: res.statusCode === 200 && !String(res.headers['content-type']).includes(XLSX_TYPE) ? -200 : res.statusCode };
  };
  const form = () => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    return { title: '矩阵发布', kind: 'cash', valueFen: 500, total: 10, claimStartsAt: now, claimEndsAt: now + 86_400, validDays: 3 };
  };

  return {
    get shopId() {
      return shopId;
    },

    /** The shop (owner `ownerId`, clerks `clerkIds`) approved in HOME, and the demo resident's phone key. */
    async setUp(ownerId: string, clerkIds: string[] = []) {
      const [shop] = await db()
        .insert(merchants)
        .values({
          name: '矩阵小店',
          category: 'food',
          address: '矩阵路1号',
          lng: 116.47,
          lat: 39.99,
          hours: '09:00-21:00',
          phone: '010-64701234',
          licenceNo: '91110105MA01234567',
          licenceImage: { hash: 'a'.repeat(64), width: 10, height: 10, poiId: 'DEMO000001' },
          radiusM: 3000,
          status: 'approved',
          ownerId,
        })
        .returning({ id: merchants.id });
      shopId = shop!.id;
      await db().insert(merchantStaff).values([{ merchantId: shopId, userId: ownerId, role: 'owner' }, ...clerkIds.map((userId) => ({ merchantId: shopId, userId, role: 'clerk' }))]);
      await db().insert(merchantCommunities).values({ merchantId: shopId, poiId: HOME, status: 'approved', distanceM: 300 });
      const [u] = await db().select({ id: users.id }).from(users).where(eq(users.mobileHash, t.pii.hash(HOLDER)));
      const pair = newHolderKeyPair();
      await db().insert(holderKeys).values({ userId: u!.id, kid: 900, publicKey: pair.publicKey });
      holder = { id: u!.id, kid: 900, privateKey: pair.privateKey };
    },

    request: {
      holderKey: async (tk: string | null): Promise<CellResult> => {
        const keys = async () => (await db().select({ n: count() }).from(holderKeys))[0]!.n;
        const before = await keys();
        const res = await send.post('/v1/holderKeys', tk, { publicKey: newHolderKeyPair().publicKey });
        return { status: res.status, wrote: (await keys()) > before };
      },
      holderKeyState: async (tk: string | null): Promise<CellResult> => ({ status: (await send.get('/v1/holderKeys/1', tk)).status }),
      offered: async (tk: string | null): Promise<CellResult> => ({ status: (await send.get(`/v1/coupon-batches?poiId=${HOME}`, tk)).status }),
      batchPage: async (tk: string | null): Promise<CellResult> => ({ status: (await send.get(`/v1/coupon-batches/${await batch()}`, tk)).status }),
      claim: (tk: string | null) => writing(() => batch(), (id) => send.post(`/v1/coupon-batches/${id}/claim`, tk, { poiId: HOME }), async (id) => (await couponsIn(id)) > 0),
      mine: async (tk: string | null): Promise<CellResult> => ({ status: (await send.get('/v1/coupons/mine?state=unused', tk)).status }),
      residentsCoupon: async (tk: string | null): Promise<CellResult> => ({ status: (await send.get(`/v1/coupons/${(await heldCoupon()).id}`, tk)).status }),
      publish: (tk: string | null) =>
        writing(
          batchesOfShop,
          () => send.post(`/v1/merchants/${shopId}/coupon-batches`, tk, form()),
          async (before) => (await batchesOfShop()) > before,
        ),
      shopBatches: async (tk: string | null): Promise<CellResult> => ({ status: (await send.get(`/v1/merchants/${shopId}/coupon-batches`, tk)).status }),
      stop: (tk: string | null) =>
        writing(
          () => batch(),
          (id) => send.post(`/v1/merchants/${shopId}/coupon-batches/${id}/stop`, tk),
          async (id) => (await db().select({ s: couponBatches.status }).from(couponBatches).where(and(eq(couponBatches.id, id))))[0]!.s === 'stopped',
        ),
      redeem: (tk: string | null) => writing(heldCoupon, (c) => send.post(`/v1/merchants/${shopId}/redeem`, tk, { code: c.code }), used),
      kit: async (tk: string | null): Promise<CellResult> => ({ status: (await send.get(`/v1/merchants/${shopId}/counter-kit`, tk)).status }),
      offline: (tk: string | null) => writing(heldCoupon, (c) => send.post(`/v1/merchants/${shopId}/redemptions`, tk, { scans: [{ code: c.code, at: t.clock.now().getTime() }] }), used),
      redemptions: async (tk: string | null): Promise<CellResult> => ({ status: (await send.get(`/v1/merchants/${shopId}/redemptions`, tk)).status }),
      exportRedemptions: exportFile,
      stats: async (tk: string | null): Promise<CellResult> => ({ status: (await send.get(`/v1/merchants/${shopId}/coupon-stats`, tk)).status }),
    },
  };
}
