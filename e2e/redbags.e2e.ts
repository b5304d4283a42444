import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { merchantCommunities, merchants, merchantStaff, unitOwners, units, users } from '@sq/server/db/schema';
import { artifactPath } from './support/browser';
import { usePhoneHarness } from './support/phone-harness';

const HOME = 'DEMO000001';
const h = usePhoneHarness();

let rooms = 0;
/** A new person with a home in the register of HOME (a member of it), by mobile. */
async function resident(mobile: string): Promise<string> {
  const db = h.server.database.db;
  const [unit] = await db.insert(units).values({ poiId: HOME, building: '96', room: String(4000 + rooms++), areaCenti: 9000 }).returning({ id: units.id });
  await db.insert(unitOwners).values({ unitId: unit!.id, mobileHash: h.server.pii.hash(mobile), mobileEnc: h.server.pii.encrypt(mobile), sort: 0 });
  return mobile;
}

/** An approved shop serving HOME, owned by `mobile` (the merchants review done in the database). */
async function shopOf(mobile: string): Promise<string> {
  const db = h.server.database.db;
  await h.phones.token(mobile);
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.mobileHash, h.server.pii.hash(mobile)));
  const [shop] = await db
    .insert(merchants)
    .values({ name: '东门鲜果铺', category: 'fruit', address: '小区东门 1 号', lng: 116.47, lat: 39.99, hours: '08:00-21:00', phone: '010-64700000', licenceNo: '91110000MA00000000', licenceImage: { hash: 'x', width: 1, height: 1, poiId: 'DEMO000001' }, radiusM: 2000, status: 'approved', ownerId: owner!.id })
    .returning({ id: merchants.id });
  await db.insert(merchantStaff).values({ merchantId: shop!.id, userId: owner!.id, role: 'owner' });
  await db.insert(merchantCommunities).values({ merchantId: shop!.id, poiId: HOME, status: 'approved', distanceM: 300 });
  return shop!.id;
}

const yuanOf = (text: string) => Math.round(Number(text.replace('¥', '')) * 100);

describe('红包: a shop funds a packet of coupons, neighbours open it until it is empty', () => {
  it('a packet of 10 shares opened by 11 people gives 10 shares that add up to the packet and tells the eleventh it is empty', async () => {
    // The owner publishes the campaign on /redbagmanage: ¥10 a packet, 10 shares.
    const owner = await resident('13655550000');
    const shop = await shopOf(owner);
    const o = await h.phones.phone(owner);
    await o.page.goto(`/redbagmanage?shop=${shop}`);
    await o.page.getByLabel('活动名称').fill('鲜果开业红包');
    await o.page.getByLabel('每个红包金额（元）').fill('10');
    await o.page.getByLabel('每个红包拆成几份').fill('10');
    await o.page.getByRole('button', { name: '发布红包活动' }).click();
    await expect.poll(() => o.page.getByText('已领红包 0/100 个').count()).toBe(1);
    await o.page.screenshot({ path: artifactPath('redbags/manage.png'), fullPage: true });
    await o.context.close();

    // The first resident takes a packet (its first share is theirs) and lands on its share page.
    const sharer = await resident('13655550001');
    const s = await h.phones.phone(sharer);
    await s.page.goto(`/redbag?poiId=${HOME}`);
    await s.page.getByRole('button', { name: '领红包' }).click();
    await s.page.waitForURL((u) => u.pathname === '/redbag/share');
    const id = new URL(s.page.url()).searchParams.get('id')!;
    await expect.poll(() => s.page.getByRole('button', { name: '分享给邻居' }).count()).toBe(1);
    await s.page.screenshot({ path: artifactPath('redbags/share.png'), fullPage: true });

    // Ten neighbours open the shared link: nine get a share, the tenth (the eleventh person) is told it is empty.
    for (let i = 2; i <= 11; i++) {
      const n = await h.phones.phone(await resident(`136555500${String(i).padStart(2, '0')}`));
      await n.page.goto(`/redbag?id=${id}&poiId=${HOME}`);
      if (i < 11) {
        await n.page.getByRole('button', { name: '拆' }).click();
        await expect.poll(() => n.page.getByText('已存入“我的优惠券”', { exact: false }).count()).toBe(1);
        if (i === 2) await n.page.screenshot({ path: artifactPath('redbags/opened.png'), fullPage: true });
      } else {
        await expect.poll(() => n.page.getByText('红包已被领完').count()).toBeGreaterThan(0);
        await expect(n.page.getByRole('button', { name: '拆' }).count()).resolves.toBe(0);
        await n.page.screenshot({ path: artifactPath('redbags/empty.png'), fullPage: true });
      }
      await n.context.close();
    }

    // The sharer sees who opened it: ten shares adding up to ¥10.
    await s.page.reload();
    const amounts = s.page.locator('.rb-row-money');
    await expect.poll(() => amounts.count()).toBe(10);
    const fen = (await amounts.allTextContents()).map(yuanOf);
    expect(fen.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(fen.every((f) => f >= 1)).toBe(true);
    await expect(s.page.getByText('红包已被领完').count()).resolves.toBe(1);
    await s.page.screenshot({ path: artifactPath('redbags/share-done.png'), fullPage: true });
    await s.context.close();
  });
});
