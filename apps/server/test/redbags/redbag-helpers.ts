import { merchantCommunities, merchants, merchantStaff } from '../../src/db/schema';
import type { TestApp } from '../support/test-app';
import { boardApi, HOME } from '../board/board-helpers';

/** An approved shop owned by `ownerId`, serving `served` (approved links) – the merchants module's review done in the DB. */
export async function insertShop(t: TestApp, ownerId: string, served: string[] = [HOME], over: Partial<typeof merchants.$inferInsert> = {}) {
  const [shop] = await t.database.db
    .insert(merchants)
    .values({
      name: '楼下水果店',
      category: 'fruit',
      address: '小区东门 1 号',
      lng: 116.4,
      lat: 39.9,
      hours: '09:00-21:00',
      phone: '010-12345678',
      licenceNo: '91110000MA00000000',
      licenceImage: { hash: 'x', width: 1, height: 1, poiId: 'DEMO000001' },
      radiusM: 3000,
      status: 'approved',
      ownerId,
      ...over,
    })
    .returning({ id: merchants.id });
  await t.database.db.insert(merchantStaff).values({ merchantId: shop!.id, userId: ownerId, role: 'owner' });
  for (const poiId of served) await t.database.db.insert(merchantCommunities).values({ merchantId: shop!.id, poiId, status: 'approved', distanceM: 100 });
  return shop!.id;
}

/** A campaign's form, running from now for a week (the test clock's now). */
export const campaignForm = (t: TestApp, over: Record<string, unknown> = {}) => {
  const now = Math.floor(t.clock.now().getTime() / 1000);
  return { title: '开业红包', packetFen: 1000, shares: 10, packets: 5, startsAt: now - 60, endsAt: now + 7 * 86_400, validDays: 7, thresholdFen: 0, communities: [HOME], ...over };
};

/** Creates a campaign through the owner's API; throws unless it worked. */
export async function newCampaign(t: TestApp, ownerToken: string, shopId: string, over: Record<string, unknown> = {}): Promise<string> {
  const res = await boardApi(t).post(`/v1/merchants/${shopId}/redbags`, ownerToken, campaignForm(t, over));
  if (res.status !== 200) throw new Error(`campaign failed: ${res.status} ${res.message}`);
  return res.data.campaign.id as string;
}
