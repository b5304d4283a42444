import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { unitOwners, units } from '@sq/server/db/schema';
import { artifactPath } from './support/browser';
import { usePhoneHarness } from './support/phone-harness';

const HOME = 'DEMO000001';
const MANAGER = '13800000002'; // manager of 望京花园西区
const RESIDENT = '13800000004';
const LEADER = '13700000401';
const h = usePhoneHarness();

/** A new person with a home in HOME's register: a resident who may apply to be its 团长. */
async function newResident(mobile: string) {
  const db = h.server.database.db;
  const [unit] = await db.insert(units).values({ poiId: HOME, building: '96', room: mobile.slice(-4), areaCenti: 9000 }).returning({ id: units.id });
  await db.insert(unitOwners).values({ unitId: unit!.id, mobileHash: h.server.pii.hash(mobile), mobileEnc: h.server.pii.encrypt(mobile), sort: 0 });
}

describe('社区团购 (/myorder/mycenter, /groupbuymanage, /groupbuypush, /salemore)', () => {
  it('a resident applies to be 团长, the manager approves, the leader publishes, a neighbour orders and is sent to pay', async () => {
    await newResident(LEADER);
    const leader = (await h.phones.phone(LEADER)).page;
    await leader.goto(`/myorder/mycenter?poiId=${HOME}`);
    const apply = leader.getByRole('form', { name: '申请成为团长' });
    await apply.waitFor();
    await leader.getByLabel('团长名称（邻居们看到的名字）').fill('96号楼周姐');
    await leader.getByLabel('自提点').fill('96号楼一单元门口');
    await leader.getByLabel('自我介绍（选填）').fill('每天傍晚在家');
    await leader.screenshot({ path: artifactPath('groupbuy-apply.png'), fullPage: true });
    await leader.getByRole('button', { name: '提交申请' }).click();
    await leader.getByTestId('leader-status').filter({ hasText: '96号楼周姐' }).getByText('审核中').waitFor();

    // The community's manager approves it on 团购管理.
    const manager = (await h.phones.phone(MANAGER)).page;
    await manager.goto(`/groupbuymanage?poiId=${HOME}`);
    const application = manager.getByTestId('application').filter({ hasText: '96号楼周姐' });
    await application.waitFor();
    await manager.screenshot({ path: artifactPath('groupbuy-manage.png'), fullPage: true });
    await application.getByRole('button', { name: '通过' }).click();
    await application.getByText('已通过').waitFor();

    // The leader publishes: two items, prices in yuan.
    await leader.reload();
    await leader.getByTestId('leader-status').filter({ hasText: '96号楼周姐' }).getByText('已通过').waitFor();
    await leader.getByRole('link', { name: '发布团购' }).click();
    await leader.waitForURL((u) => u.pathname === '/groupbuypush');
    await leader.getByLabel('团购标题').fill('烟台红富士苹果');
    await leader.getByLabel('团购介绍').fill('产地直发，脆甜多汁。');
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png().toBuffer();
    await leader.getByLabel('团购图片（最多9张）').setInputFiles({ name: 'apple.png', mimeType: 'image/png', buffer: photo });
    await leader.getByText('已上传 1 张').waitFor({ timeout: 20_000 });
    await leader.getByLabel('名称').fill('红富士苹果');
    await leader.getByLabel('规格').fill('10斤装');
    await leader.getByLabel('价格（元）').fill('49.9');
    await leader.getByLabel('库存（件）').fill('30');
    await leader.getByRole('button', { name: '＋ 添加商品' }).click();
    const second = leader.getByTestId('item-form').nth(1);
    await second.getByLabel('名称').fill('苹果礼盒');
    await second.getByLabel('价格（元）').fill('88');
    await second.getByLabel('库存（件）').fill('10');
    await leader.getByLabel('成团人数（截单时不足将自动退款）').fill('2');
    await leader.screenshot({ path: artifactPath('groupbuy-publish.png'), fullPage: true });
    await leader.getByRole('button', { name: '发布团购' }).click();
    await leader.waitForURL((u) => u.pathname === '/salemore' && u.searchParams.has('id'));
    await leader.getByRole('heading', { name: '烟台红富士苹果' }).waitFor();
    const groupBuyId = new URL(leader.url()).searchParams.get('id')!;

    // A resident finds it on /salemore, puts 2 apples and 1 box in the cart and submits.
    const resident = (await h.phones.phone(RESIDENT)).page;
    await resident.goto(`/salemore?poiId=${HOME}`);
    const card = resident.getByRole('link', { name: '烟台红富士苹果' });
    await card.waitFor();
    await expect(card.textContent()).resolves.toContain('¥49.9');
    // Every photo on the list loads (the answer sets the images' cookie).
    await expect.poll(() => resident.locator('.gb-card-photo[src]').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0))).toBe(true);
    await resident.screenshot({ path: artifactPath('groupbuy-list.png'), fullPage: true });
    await card.click();
    await resident.waitForURL((u) => u.searchParams.get('id') === groupBuyId);
    const apples = resident.getByTestId('gb-item').filter({ hasText: '红富士苹果' });
    await apples.getByRole('button', { name: '增加红富士苹果' }).click();
    await apples.getByRole('button', { name: '增加红富士苹果' }).click();
    await resident.getByRole('button', { name: '增加苹果礼盒' }).click();
    await expect.poll(() => resident.getByTestId('cart-total').textContent()).toBe('¥187.8');
    await resident.screenshot({ path: artifactPath('groupbuy-cart.png'), fullPage: true });
    await resident.getByRole('button', { name: '提交订单' }).click();
    // Payment is the payments module's page.
    await resident.waitForURL((u) => u.pathname === '/pay' && u.searchParams.has('order'));
    const orderId = new URL(resident.url()).searchParams.get('order')!;

    await resident.goto(`/myorder/detail?id=${orderId}`);
    await resident.getByTestId('order-status').getByText('待付款').waitFor();
    await expect(resident.getByTestId('order-total').textContent()).resolves.toBe('¥187.8');
    await expect(resident.getByRole('link', { name: /去付款/ }).getAttribute('href')).resolves.toBe(`/pay?order=${orderId}`);
    await resident.screenshot({ path: artifactPath('groupbuy-order.png'), fullPage: true });
    await resident.goto('/myorder');
    await resident.getByRole('link', { name: /待付款/ }).click();
    await resident.getByTestId('order-card').filter({ hasText: '烟台红富士苹果' }).waitFor();
    await resident.screenshot({ path: artifactPath('groupbuy-my-orders.png'), fullPage: true });
  });
});
