import { eq } from 'drizzle-orm';
import { merchantCommunities, merchants, merchantStaff, users } from '@sq/server/db/schema';
import type { PhoneHarness } from './phone-harness';

/**
 * A shop owned by `owner`, approved in `poiId`, with a batch on offer and one coupon claimed by
 * `resident`: what the coupon screens show in every-screen. Written straight into the tables (the
 * merchants' own pages are another part of issue 35), the batch and the claim through the API.
 */
export async function seedCouponScreens(h: PhoneHarness, { owner, resident, poiId }: { owner: string; resident: string; poiId: string }) {
  const db = h.server.database.db;
  await h.phones.token(owner);
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.mobileHash, h.server.pii.hash(owner)));
  const [shop] = await db
    .insert(merchants)
    .values({ name: '好邻居咖啡', category: 'food', address: '望京街道测试路8号', lng: 116.47, lat: 39.99, hours: '09:00-21:00', phone: '010-64701234', licenceNo: '91110105MA01234567', licenceImage: { hash: 'a'.repeat(64), width: 10, height: 10, poiId: 'DEMO000001' }, radiusM: 3000, status: 'approved', ownerId: u!.id })
    .returning({ id: merchants.id });
  await db.insert(merchantStaff).values({ merchantId: shop!.id, userId: u!.id, role: 'owner' });
  await db.insert(merchantCommunities).values({ merchantId: shop!.id, poiId, status: 'approved', distanceM: 500 });
  const now = Math.floor(Date.now() / 1000);
  const published = await h.phones.api<{ batch: { id: string } }>(owner, `/v1/merchants/${shop!.id}/coupon-batches`, { title: '开业满减券', kind: 'cash', valueFen: 1000, thresholdFen: 5000, total: 100, perPerson: 2, claimStartsAt: now - 60, claimEndsAt: now + 86_400 * 7, validDays: 7, rules: '周末可用，不与其他优惠同享' });
  const batch = published.data.batch.id;
  const claimed = await h.phones.api<{ coupon: { id: string } }>(resident, `/v1/coupon-batches/${batch}/claim`, { poiId });
  return { shop: shop!.id, batch, coupon: claimed.data.coupon.id };
}
