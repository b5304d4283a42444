import { eq } from 'drizzle-orm';
import { holderCodeAt, newHolderKeyPair, type HolderKey } from '@sq/contract/codes/holder-code';
import { merchantCommunities, merchants, merchantStaff } from '../../src/db/schema';
import { freshMobile } from '../support/factories';
import type { TestApp } from '../support/test-app';
import { boardApi, DAY, loginAs, userOf } from '../board/board-helpers';

export { boardApi as couponApi, countOf, DAY, HOME, HOUR, loginAs, newJoiner, newResident, OTHER, userOf } from '../board/board-helpers';

const seconds = (ms: number) => Math.floor(ms / 1000);

/** A person who has logged in once, with their token and id. */
export async function newPerson(t: TestApp) {
  const mobile = freshMobile();
  const token = await loginAs(t, mobile);
  return { token, mobile, ...(await userOf(t, mobile)) };
}

let shops = 0;
/**
 * A shop written straight into the tables (the merchants' own API is another branch's): approved
 * in `approvedIn` unless `status` says otherwise, with its owner and one clerk logged in.
 */
export async function newShop(t: TestApp, opts: { approvedIn?: string[]; pendingIn?: string[]; status?: string } = {}) {
  const owner = await newPerson(t);
  const clerk = await newPerson(t);
  const [row] = await t.database.db
    .insert(merchants)
    .values({
      name: `测试小店${++shops}`,
      category: 'food',
      address: '望京街道测试路8号',
      lng: 116.47,
      lat: 39.99,
      hours: '09:00-21:00',
      phone: '010-64701234',
      licenceNo: '91110105MA01234567',
      licenceImage: { hash: 'a'.repeat(64), width: 10, height: 10, poiId: 'DEMO000001' },
      radiusM: 3000,
      status: opts.status ?? 'approved',
      ownerId: owner.userId,
    })
    .returning({ id: merchants.id });
  const id = row!.id;
  await t.database.db.insert(merchantStaff).values([
    { merchantId: id, userId: owner.userId, role: 'owner' },
    { merchantId: id, userId: clerk.userId, role: 'clerk', addedBy: owner.userId },
  ]);
  for (const poiId of opts.approvedIn ?? ['DEMO000001']) await t.database.db.insert(merchantCommunities).values({ merchantId: id, poiId, status: 'approved', distanceM: 500 });
  for (const poiId of opts.pendingIn ?? []) await t.database.db.insert(merchantCommunities).values({ merchantId: id, poiId, status: 'pending', distanceM: 900 });
  return { id, owner, clerk };
}

/** Another clerk of the shop, logged in. */
export async function newClerk(t: TestApp, merchantId: string) {
  const clerk = await newPerson(t);
  await t.database.db.insert(merchantStaff).values({ merchantId, userId: clerk.userId, role: 'clerk' });
  return clerk;
}

/** A valid batch form, claimable from the test clock's now for a week. */
export function batchForm(t: TestApp, over: Record<string, unknown> = {}) {
  const now = seconds(t.clock.now().getTime());
  return { title: '满50减10', kind: 'cash', valueFen: 1000, thresholdFen: 5000, total: 100, perPerson: 1, claimStartsAt: now - 60, claimEndsAt: now + 7 * seconds(DAY), validDays: 7, ...over };
}

/** Publishes as the shop's owner; throws unless it worked. */
export async function publishBatch(t: TestApp, shop: { id: string; owner: { token: string } }, over: Record<string, unknown> = {}): Promise<string> {
  // The test clock stands still: a second between batches keeps "newest first" one order.
  t.clock.advance(1000);
  const res = await boardApi(t).post(`/v1/merchants/${shop.id}/coupon-batches`, shop.owner.token, batchForm(t, over));
  if (res.status !== 200) throw new Error(`publish failed: ${res.status} ${res.message}`);
  return res.data.batch.id as string;
}

/** The phone's side: a key pair registered for the person, and the codes it shows. */
export async function holderPhone(t: TestApp, token: string) {
  const pair = newHolderKeyPair();
  const res = await boardApi(t).post('/v1/holderKeys', token, { publicKey: pair.publicKey });
  if (res.status !== 200) throw new Error(`key failed: ${res.status} ${res.message}`);
  const key: HolderKey = { kid: res.data.kid, privateKey: pair.privateKey };
  return { key, publicKey: pair.publicKey, codeOf: (couponId: string, atMs = t.clock.now().getTime()) => holderCodeAt(key, 'coupon', couponId, atMs).code };
}

/** Claims one coupon of the batch in `poiId`; throws unless it worked. */
export async function claim(t: TestApp, batchId: string, token: string, poiId = 'DEMO000001'): Promise<string> {
  const res = await boardApi(t).post(`/v1/coupon-batches/${batchId}/claim`, token, { poiId });
  if (res.status !== 200) throw new Error(`claim failed: ${res.status} ${res.message}`);
  return res.data.coupon.id as string;
}

export const merchantRow = async (t: TestApp, id: string) => (await t.database.db.select().from(merchants).where(eq(merchants.id, id)))[0]!;
