import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '@sq/server/db/client';
import { unitOwners, units } from '@sq/server/db/schema';
import { ledgerTotals } from '@sq/server/modules/ledger/ledger';
import { ledgerBalanced } from '@sq/contract/groupbuys/ledger';
import { artifactPath } from './support/browser';
import { usePhoneHarness } from './support/phone-harness';
import { pickupCodesOf, pickupScannerWith } from './support/pickup-phones';

/**
 * 社区团购 from end to end in the browser (issue 36 "Done when"), on the demo's 演示支付 sandbox –
 * the same signed requests, notices and refunds as WeChat Pay: a group buy of 5 peaches that needs
 * 3 buyers; four residents order and pay on their phones; one asks a refund and gets it; at the
 * window's close it is 成团; the 团长 scans two pickup codes (one with the network cut); the earnings
 * show the commission of those two. A second group buy with too few buyers refunds every order by
 * itself when it closes. (Applying, approval and the publish form: groupbuys.e2e.ts.)
 */
const HOME = 'DEMO000001';
const ADMIN = '13800000001';
const h = usePhoneHarness({ PAY_SANDBOX: '1' });
let serial = 0;
const mobileOf = () => `135${String(Date.now() + serial++).slice(-8)}`;

/** A new resident with a home in HOME's register. */
async function resident() {
  const mobile = mobileOf();
  const db = h.server.database.db;
  const [unit] = await db.insert(units).values({ poiId: HOME, building: '88', room: String(300 + serial), areaCenti: 8000 }).returning({ id: units.id });
  await db.insert(unitOwners).values({ unitId: unit!.id, mobileHash: h.server.pii.hash(mobile), mobileEnc: h.server.pii.encrypt(mobile), sort: 0 });
  return mobile;
}

/** A 团长 of HOME, applied and approved through the API. */
async function leader() {
  const mobile = await resident();
  const applied = await h.phones.api<{ leader: { id: string } }>(mobile, '/v1/group-leaders', { poiId: HOME, displayName: '88号楼李姐', pickupPoint: '88号楼一单元门口', intro: '' });
  expect(applied.code, applied.message).toBe(200);
  const approved = await h.phones.api(ADMIN, `/v1/group-leaders/${applied.data.leader.id}/review`, { decision: 'approve' });
  expect(approved.code, approved.message).toBe(200);
  return { mobile, leaderId: applied.data.leader.id };
}

/** Publishes a group buy of one item through the API; the window closes in an hour, pickup from then. */
async function groupBuy(l: { mobile: string; leaderId: string }, title: string, item: string) {
  const now = Math.floor(Date.now() / 1000);
  const res = await h.phones.api<{ groupBuy: { id: string; items: { id: string }[] } }>(l.mobile, '/v1/group-buys', {
    poiId: HOME,
    leaderId: l.leaderId,
    title,
    intro: '产地直发，次日到货',
    photos: [],
    items: [{ name: item, spec: '5斤装', photo: null, priceFen: 3990, stock: 5 }],
    perPersonLimit: 2,
    opensAt: now - 60,
    closesAt: now + 3600,
    minOrders: 3,
    pickupPoint: '88号楼一单元门口',
    pickupFrom: now + 3600,
    pickupUntil: now + 3 * 86_400,
    commissionBp: 1000,
  });
  expect(res.code, res.message).toBe(200);
  return { id: res.data.groupBuy.id, itemId: res.data.groupBuy.items[0]!.id };
}

/** On the resident's phone: one unit in the cart, 提交订单, 微信支付 at the sandbox's cashier, back on the order. */
async function orderAndPay(mobile: string, groupBuyId: string, item: string, shoot = false) {
  const { context, page } = await h.phones.phone(mobile);
  await page.goto(`/salemore?id=${groupBuyId}`);
  await page.getByTestId('gb-item').filter({ hasText: item }).getByRole('button', { name: `增加${item}` }).click();
  await expect.poll(() => page.getByTestId('cart-total').textContent()).toBe('¥39.9');
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL((u) => u.pathname === '/pay' && u.searchParams.has('order'));
  const orderId = new URL(page.url()).searchParams.get('order')!;
  await page.getByRole('button', { name: /微信支付/ }).click();
  await page.waitForURL(/\/pay-sandbox\/demo\/pay\//);
  await page.getByRole('button', { name: '确认支付（演示）' }).click();
  await page.getByText('已确认支付（演示）').waitFor();
  await page.getByRole('link', { name: '返回订单页' }).click();
  await page.waitForURL((u) => u.pathname === '/myorder/detail' && u.searchParams.get('id') === orderId, { timeout: 15_000 });
  await page.getByTestId('pickup-code').waitFor();
  if (shoot) await page.screenshot({ path: artifactPath('journey-paid-order.png'), fullPage: true });
  await context.close();
  return orderId;
}

const statusOf = async (orderId: string) => rowsOf<{ status: string }>(await h.server.database.db.execute(sql`select status from orders where id = ${orderId}`))[0]!.status;

describe('社区团购 from order to pickup (演示支付)', () => {
  it('four pay, one is refunded, 成团, two codes scanned (one offline), the commission earned; a group buy short of 成团 refunds by itself', async () => {
    const l = await leader();
    const peaches = await groupBuy(l, '阳山水蜜桃', '水蜜桃');
    const buyers = [await resident(), await resident(), await resident(), await resident()];
    const orders: string[] = [];
    for (const [i, mobile] of buyers.entries()) orders.push(await orderAndPay(mobile, peaches.id, '水蜜桃', i === 0));
    for (const id of orders) expect(await statusOf(id)).toBe('paid');

    // The fourth changes their mind before pickup: asks, the 团长 agrees, WeChat Pay refunds.
    {
      const { context, page } = await h.phones.phone(buyers[3]!);
      await page.goto(`/myorder/refund?id=${orders[3]}`);
      await page.getByRole('button', { name: '水蜜桃加一' }).click();
      await page.getByLabel('退款原因').fill('临时出差，无法提货');
      await expect(page.getByTestId('refund-amount').textContent()).resolves.toBe('¥39.9');
      await page.getByRole('button', { name: '提交退款申请' }).click();
      await page.getByTestId('my-refund').filter({ hasText: '申请中' }).waitFor();
      await context.close();
    }
    {
      const { context, page } = await h.phones.phone(l.mobile);
      await page.goto('/myorder/deqorder');
      const waiting = page.getByTestId('seller-refund').filter({ hasText: '临时出差' });
      await waiting.getByRole('button', { name: '同意退款' }).click();
      await waiting.waitFor({ state: 'detached' });
      await context.close();
    }
    await expect.poll(() => statusOf(orders[3]!), { timeout: 20_000 }).toBe('refunded');
    {
      const { context, page } = await h.phones.phone(buyers[3]!);
      await page.goto('/myorder/refunding');
      await page.getByTestId('my-refund').filter({ hasText: '已退款' }).waitFor();
      await page.screenshot({ path: artifactPath('journey-refunded.png'), fullPage: true });
      await context.close();
    }

    // A second group buy: two buyers only.
    const rice = await groupBuy(l, '五常大米', '大米');
    const riceOrders = [await orderAndPay(await resident(), rice.id, '大米'), await orderAndPay(await resident(), rice.id, '大米')];

    // The windows close: the peaches are 成团 (3 paid buyers), the rice is not and refunds itself.
    // (The window's end moved to a minute ago: the server's clock stays with the phones', whose codes it checks.)
    await h.server.database.db.execute(sql`update group_buys set opens_at = now() - interval '2 hours', closes_at = now() - interval '1 minute' where id in (${peaches.id}, ${rice.id})`);
    await h.server.app.groupBuys.decide();
    const [peachState] = rowsOf<{ status: string }>(await h.server.database.db.execute(sql`select status from group_buys where id = ${peaches.id}`));
    expect(peachState!.status).toBe('succeeded');
    for (const id of riceOrders) await expect.poll(() => statusOf(id), { timeout: 20_000 }).toBe('refunded');

    // Pickup: the first order scanned online, the second with the network cut and sent later.
    const first = await pickupScannerWith(h, l.mobile, await pickupCodesOf(h, buyers[0]!, orders[0]!));
    try {
      await first.page.getByRole('button', { name: '扫码提货' }).click();
      await first.page.getByTestId('pickup-handover').waitFor({ timeout: 20_000 });
      await first.page.getByRole('button', { name: '确认交货 1 件' }).click();
      await first.page.getByTestId('pickup-count').filter({ hasText: '已提货 1 单' }).waitFor();
    } finally {
      await first.done();
    }
    const second = await pickupScannerWith(h, l.mobile, await pickupCodesOf(h, buyers[1]!, orders[1]!));
    try {
      await second.page.getByTestId('pickup-kit-status').filter({ hasText: /离线名单 \d+ 单/ }).waitFor();
      await second.context.setOffline(true);
      await second.page.getByRole('button', { name: '扫码提货' }).click();
      await second.page.getByTestId('pickup-handover').filter({ hasText: '离线核验' }).waitFor({ timeout: 20_000 });
      await second.page.getByRole('button', { name: '确认交货 1 件' }).click();
      await second.page.getByTestId('pickup-kit').filter({ hasText: '待上传 1 条' }).waitFor();
      await second.context.setOffline(false);
      await expect.poll(() => statusOf(orders[1]!), { timeout: 30_000 }).toBe('collected');
    } finally {
      await second.done();
    }
    expect(await statusOf(orders[0]!)).toBe('collected');
    expect(await statusOf(orders[2]!)).toBe('paid');

    // The earnings: 10% of two collected ¥39.9 orders settled; the third still pending.
    const earnings = await h.phones.phone(l.mobile);
    await earnings.page.goto('/myorder/myprofit');
    await earnings.page.getByTestId('settled-commission').filter({ hasText: '¥7.98' }).waitFor();
    await expect(earnings.page.getByTestId('pending-commission').textContent()).resolves.toContain('¥3.99');
    await earnings.page.screenshot({ path: artifactPath('journey-earnings.png'), fullPage: true });
    await earnings.context.close();

    // Every payment, refund and settlement in the ledger, and it balances.
    const totals = await ledgerTotals(h.server.database.db);
    expect(ledgerBalanced(totals), JSON.stringify(totals)).toBe(true);
    expect(totals).toMatchObject({ payments: 6 * 3990, refunds: 3 * 3990, commission: 2 * 399, settled: 2 * (3990 - 399), pending: 3990 });
  }, 300_000);

  it("the platform operator reads the reconciliation with WeChat Pay on 团购管理; the community's manager finds the page in 管理中心 without it", async () => {
    await h.server.database.db.execute(sql`
      insert into pay_reconciliations (bill_date, outcome, differences)
      values ('2026-11-26', 'differences', ${JSON.stringify([{ orderNo: '202611260000000001', what: '微信支付账单有此交易，本系统没有' }])}::jsonb)
      on conflict (bill_date) do nothing`);
    const operator = await h.phones.phone(ADMIN);
    await operator.page.goto(`/groupbuymanage?poiId=${HOME}`);
    const row = operator.page.getByTestId('reconciliation').filter({ hasText: '2026-11-26' });
    await row.getByText('有差异，请核对').waitFor();
    await expect(row.textContent()).resolves.toContain('202611260000000001');
    await operator.page.screenshot({ path: artifactPath('groupbuy-reconciliation.png'), fullPage: true });
    await operator.context.close();

    const manager = await h.phones.phone('13800000002');
    await manager.page.goto(`/mcenter?poiId=${HOME}`);
    await manager.page.getByRole('link', { name: /团购管理/ }).click();
    await manager.page.waitForURL((u) => u.pathname === '/groupbuymanage');
    await manager.page.getByRole('region', { name: '团长申请' }).waitFor();
    expect(await manager.page.getByTestId('reconciliation').count()).toBe(0);
    await manager.context.close();
  });
});
