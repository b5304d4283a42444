import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '@sq/server/db/client';
import { unitOwners, units, users } from '@sq/server/db/schema';
import { eq } from 'drizzle-orm';
import { artifactPath } from './support/browser';
import { usePhoneHarness } from './support/phone-harness';

/**
 * 支付 in the demo's 演示支付 sandbox (docs/decisions/payments.md): the pay page, the sandbox
 * cashier through the app, its signed notice, the page following the order to its detail; a
 * closed order says so. Orders are written straight into the tables (ordering is another part).
 */
const POI = 'DEMO000001';
const h = usePhoneHarness({ PAY_SANDBOX: '1' });
let serial = 0;
const mobileOf = () => `136${String(Date.now() + serial++).slice(-8)}`;

async function resident() {
  const mobile = mobileOf();
  const db = h.server.database.db;
  const [unit] = await db.insert(units).values({ poiId: POI, building: '36', room: String(200 + serial), areaCenti: 8000 }).returning({ id: units.id });
  await db.insert(unitOwners).values({ unitId: unit!.id, mobileHash: h.server.pii.hash(mobile), mobileEnc: h.server.pii.encrypt(mobile), sort: 0 });
  await h.phones.token(mobile);
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.mobileHash, h.server.pii.hash(mobile)));
  return { mobile, userId: u!.id };
}

async function order(userId: string, opts: { status?: string; payByMs?: number } = {}) {
  const db = h.server.database.db;
  const one = async (q: ReturnType<typeof sql>) => rowsOf<{ id: string }>(await db.execute(q))[0]!.id;
  const now = Date.now();
  const leader = await one(sql`insert into group_leaders (user_id, poi_id, display_name, pickup_point, status) values (${userId}, ${POI}, '3号楼王姐', '3号楼大堂', 'approved') on conflict (user_id, poi_id) do update set status = 'approved' returning id`);
  const buy = await one(sql`
    insert into group_buys (poi_id, leader_id, title, per_person_limit, opens_at, closes_at, pickup_point, pickup_from, pickup_until)
    values (${POI}, ${leader}, '烟台红富士苹果', 5, ${new Date(now - 3_600_000)}, ${new Date(now + 86_400_000)}, '3号楼大堂', ${new Date(now + 2 * 86_400_000)}, ${new Date(now + 3 * 86_400_000)}) returning id`);
  const item = await one(sql`insert into group_buy_items (group_buy_id, name, price_fen, stock, sold) values (${buy}, '苹果5斤装', 1250, 10, 2) returning id`);
  const orderNo = `E${now}${serial++}`;
  const id = await one(sql`
    insert into orders (order_no, group_buy_id, poi_id, user_id, total_fen, status, pay_by)
    values (${orderNo}, ${buy}, ${POI}, ${userId}, 2500, ${opts.status ?? 'unpaid'}, ${new Date(now + (opts.payByMs ?? 15 * 60_000))}) returning id`);
  await db.execute(sql`insert into order_lines (order_id, item_id, name, price_fen, qty) values (${id}, ${item}, '苹果5斤装', 1250, 2)`);
  return { id, orderNo };
}

describe('paying an order (演示支付)', () => {
  it('the pay page, the sandbox cashier, and the order detail once the notice paid it', async () => {
    const me = await resident();
    const o = await order(me.userId);
    const { context, page } = await h.phones.phone(me.mobile);
    await page.goto(`/pay?order=${o.id}`);
    await page.getByText('订单号').waitFor();
    expect(await page.getByText('¥25', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(o.orderNo, { exact: false }).isVisible()).toBe(true);
    expect(await page.getByText('不会产生任何真实扣款').isVisible()).toBe(true);
    expect(await page.getByRole('timer').textContent()).toMatch(/请在 1[45]:\d\d 内完成支付/);
    await page.screenshot({ path: artifactPath('pay-page.png') });

    await page.getByRole('button', { name: /微信支付/ }).click();
    await page.waitForURL(/\/pay-sandbox\/demo\/pay\//);
    expect(await page.getByText('这是演示支付（沙箱），不会产生任何真实扣款').isVisible()).toBe(true);
    await page.screenshot({ path: artifactPath('pay-sandbox-cashier.png') });
    await page.getByRole('button', { name: '确认支付（演示）' }).click();
    await page.getByText('已确认支付（演示）').waitFor();
    await page.getByRole('link', { name: '返回订单页' }).click();
    await page.waitForURL(/\/myorder\/detail\?id=/, { timeout: 15_000 });
    expect(new URL(page.url()).searchParams.get('id')).toBe(o.id);
    const [row] = rowsOf<{ status: string }>(await h.server.database.db.execute(sql`select status from orders where id = ${o.id}`));
    expect(row!.status).toBe('paid');
    await context.close();
  }, 60_000);

  it('a closed order says 订单已关闭 and offers no pay button', async () => {
    const me = await resident();
    const o = await order(me.userId, { status: 'closed', payByMs: -60_000 });
    const { context, page } = await h.phones.phone(me.mobile);
    await page.goto(`/pay?order=${o.id}`);
    await page.getByText(/订单已关闭/).waitFor();
    expect(await page.getByRole('button', { name: /微信支付/ }).count()).toBe(0);
    await page.screenshot({ path: artifactPath('pay-closed.png') });
    await context.close();
  }, 30_000);
});
