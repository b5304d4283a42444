import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '@sq/server/db/schema';
import { rowsOf } from '@sq/server/db/client';
import { postToLedger } from '@sq/server/modules/ledger/ledger';
import { artifactPath } from './support/browser';
import { usePhoneHarness } from './support/phone-harness';
import { pickupCodesOf, pickupScannerWith } from './support/pickup-phones';
import { seriousViolations } from './support/axe';
import { smallTargets } from './support/targets';

const POI = 'DEMO000001';
/** Refunds agreed are sent here (WeChat Pay is the payments module's, another part). */
const sentRefunds: string[] = [];
const h = usePhoneHarness({}, { payments: { sendRefund: async (id: string) => void sentRefunds.push(id) } });
let serial = 0;
const mobileOf = () => `139${String(Date.now() + serial++).slice(-8)}`;

const userIdOf = async (mobile: string) => {
  await h.phones.token(mobile);
  const [u] = await h.server.database.db.select({ id: users.id }).from(users).where(eq(users.mobileHash, h.server.pii.hash(mobile)));
  return u!.id;
};

/**
 * A 团长 selling a group buy, and paid orders written straight into the tables with their payment
 * posted to the ledger (ordering and WeChat Pay are another part's): what the pickup starts from.
 */
async function setting() {
  const db = h.server.database.db;
  const leader = mobileOf();
  const [l] = rowsOf<{ id: string }>(
    await db.execute(sql`insert into group_leaders (user_id, poi_id, display_name, pickup_point, status) values (${await userIdOf(leader)}, ${POI}, '3号楼王姐', '3号楼一单元门口', 'approved') returning id`),
  );
  const now = Date.now();
  const [gb] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into group_buys (poi_id, leader_id, title, commission_bp, min_orders, per_person_limit, opens_at, closes_at, pickup_point, pickup_from, pickup_until, status)
      values (${POI}, ${l!.id}, '今日鲜果团', 1000, 1, 20, ${new Date(now - 86_400_000).toISOString()}::timestamptz, ${new Date(now - 3_600_000).toISOString()}::timestamptz,
        '3号楼一单元门口', ${new Date(now - 1_800_000).toISOString()}::timestamptz, ${new Date(now + 86_400_000).toISOString()}::timestamptz, 'succeeded') returning id`),
  );
  const items = rowsOf<{ id: string; name: string; price_fen: number }>(
    await db.execute(sql`insert into group_buy_items (group_buy_id, name, price_fen, stock, sold, sort) values (${gb!.id}, '赣南脐橙5斤', 1250, 100, 0, 0), (${gb!.id}, '东北大米10斤', 3000, 100, 0, 1) returning id, name, price_fen`),
  );
  const buyers: { mobile: string; orderId: string; orderNo: string }[] = [];
  for (let i = 0; i < 2; i++) {
    const mobile = mobileOf();
    const orderNo = `E2E${now}${i}`;
    const orderId = await db.transaction(async (tx) => {
      const [o] = rowsOf<{ id: string }>(
        await tx.execute(sql`insert into orders (order_no, group_buy_id, poi_id, user_id, leader_id, commission_bp, total_fen, status, pay_by, paid_at)
          values (${orderNo}, ${gb!.id}, ${POI}, ${await userIdOf(mobile)}, ${l!.id}, 1000, 5500, 'paid', now(), now()) returning id`),
      );
      await tx.execute(sql`insert into order_lines (order_id, item_id, name, price_fen, qty) values (${o!.id}, ${items[0]!.id}, ${items[0]!.name}, 1250, 2), (${o!.id}, ${items[1]!.id}, ${items[1]!.name}, 3000, 1)`);
      await postToLedger(tx, { kind: 'payment', ref: orderNo, orderId: o!.id, lines: [{ account: 'provider', party: null, amountFen: 5500 }, { account: 'held', party: null, amountFen: -5500 }] });
      return o!.id;
    });
    buyers.push({ mobile, orderId, orderNo });
  }
  return { leader, leaderId: l!.id, buyers };
}

const settledOf = async (orderId: string) =>
  Number(rowsOf<{ n: number }>(await h.server.database.db.execute(sql`select count(*)::int as n from ledger_postings where kind = 'settlement' and order_id = ${orderId}`))[0]!.n);

describe('提货 (the buyer shows the code, the 团长 scans two – one offline – and the earnings show the commission)', () => {
  it('pickup by code online and offline, the day list printable, and the settled commission', async () => {
    const s = await setting();

    // The buyer: their waiting order with its rotating code.
    const buyer = await h.phones.phone(s.buyers[0]!.mobile);
    await buyer.page.goto('/myorder/deqorder');
    const qr = buyer.page.getByRole('img', { name: '提货码' });
    await qr.waitFor();
    expect(await qr.getAttribute('data-value')).toMatch(/^OP1\./);
    await buyer.page.screenshot({ path: artifactPath('pickup-buyer-code.png') });
    await buyer.context.close();

    // The 团长: the day list, then the first order scanned online and handed over in full.
    const first = await pickupScannerWith(h, s.leader, await pickupCodesOf(h, s.buyers[0]!.mobile, s.buyers[0]!.orderId));
    try {
      await first.page.getByTestId('pickup-row').nth(1).waitFor();
      await first.page.screenshot({ path: artifactPath('pickup-day-list.png'), fullPage: true });
      await first.page.emulateMedia({ media: 'print' });
      await first.page.screenshot({ path: artifactPath('pickup-day-list-print.png'), fullPage: true });
      await first.page.emulateMedia({ media: 'screen' });
      await first.page.getByRole('button', { name: '扫码提货' }).click();
      const sheet = first.page.getByTestId('pickup-handover');
      await sheet.waitFor({ timeout: 20_000 });
      await expect(sheet.textContent()).resolves.toMatch(/\d{3}\*{4}\d{4}/);
      await first.page.screenshot({ path: artifactPath('pickup-handover.png') });
      await first.page.getByRole('button', { name: '确认交货 3 件' }).click();
      await first.page.getByTestId('pickup-count').filter({ hasText: '已提货 1 单' }).waitFor();
      await first.page.screenshot({ path: artifactPath('pickup-scanned.png') });
    } finally {
      await first.done();
    }
    expect(await settledOf(s.buyers[0]!.orderId)).toBe(1);

    // The second order offline: checked with the kit, queued, sent when the network is back.
    const second = await pickupScannerWith(h, s.leader, await pickupCodesOf(h, s.buyers[1]!.mobile, s.buyers[1]!.orderId));
    try {
      await second.page.getByTestId('pickup-kit-status').filter({ hasText: /离线名单 \d+ 单/ }).waitFor();
      await second.context.setOffline(true);
      await second.page.getByRole('button', { name: '扫码提货' }).click();
      const sheet = second.page.getByTestId('pickup-handover');
      await sheet.filter({ hasText: '离线核验' }).waitFor({ timeout: 20_000 });
      // A partial pickup: the rice stays for tomorrow.
      await second.page.getByRole('button', { name: '东北大米10斤减一' }).click();
      await second.page.screenshot({ path: artifactPath('pickup-offline-handover.png') });
      await second.page.getByRole('button', { name: '确认交货 2 件' }).click();
      await second.page.getByTestId('pickup-kit').filter({ hasText: '待上传 1 条' }).waitFor();
      await second.page.screenshot({ path: artifactPath('pickup-offline-queued.png') });
      await second.context.setOffline(false);
      await expect
        .poll(async () => Number(rowsOf<{ n: number }>(await h.server.database.db.execute(sql`select sum(collected_qty)::int as n from order_lines where order_id = ${s.buyers[1]!.orderId}`))[0]!.n), { timeout: 30_000 })
        .toBe(2);
    } finally {
      await second.done();
    }
    expect(await settledOf(s.buyers[1]!.orderId)).toBe(0);

    // The earnings: ¥5.5 settled (10% of ¥55), ¥5.5 pending (the partly collected order).
    const earnings = await h.phones.phone(s.leader);
    await earnings.page.goto('/myorder/myprofit');
    await earnings.page.getByTestId('settled-commission').filter({ hasText: '¥5.5' }).waitFor();
    await expect(earnings.page.getByTestId('pending-commission').textContent()).resolves.toContain('¥5.5');
    await earnings.page.screenshot({ path: artifactPath('pickup-earnings.png'), fullPage: true });
    await earnings.page.goto('/myorder/pcenter');
    await earnings.page.getByTestId('promotion-link').waitFor();
    expect(await earnings.page.getByTestId('promotion-link').inputValue()).toContain(`/salemore?leader=${s.leaderId}`);
    await earnings.page.screenshot({ path: artifactPath('pickup-promotion.png'), fullPage: true });
    const [download] = await Promise.all([earnings.page.waitForEvent('download'), earnings.page.getByRole('button', { name: '保存分享海报（PNG）' }).click()]);
    const poster = fs.readFileSync((await download.path())!);
    expect(poster.subarray(1, 4).toString()).toBe('PNG');
    fs.writeFileSync(artifactPath('pickup-share-poster.png'), poster);
    await earnings.context.close();
  }, 240_000);

  it('a buyer asks a refund before pickup; the 团长 agrees (退款中, sent to payments) or refuses with a reason (已拒绝)', async () => {
    const s = await setting();
    const [a, b] = s.buyers as [(typeof s.buyers)[number], (typeof s.buyers)[number]];
    for (const [i, buyer] of [a, b].entries()) {
      const { context, page } = await h.phones.phone(buyer.mobile);
      await page.goto(`/myorder/refund?id=${buyer.orderId}`);
      await page.getByRole('button', { name: '赣南脐橙5斤加一' }).click();
      await page.getByLabel('退款原因').fill(i === 0 ? '临时出差，无法提货' : '不想要了');
      await expect(page.getByTestId('refund-amount').textContent()).resolves.toBe('¥12.5');
      if (i === 0) await page.screenshot({ path: artifactPath('refund-ask.png'), fullPage: true });
      await page.getByRole('button', { name: '提交退款申请' }).click();
      await page.getByTestId('my-refund').filter({ hasText: '申请中' }).waitFor();
      if (i === 0) await page.screenshot({ path: artifactPath('refund-requested.png') });
      await context.close();
    }

    const leader = await h.phones.phone(s.leader);
    await leader.page.goto('/myorder/deqorder');
    const waiting = leader.page.getByTestId('seller-refund');
    await waiting.nth(1).waitFor();
    await expect(waiting.first().textContent()).resolves.toMatch(/\d{3}\*{4}\d{4}/);
    await leader.page.screenshot({ path: artifactPath('refund-seller-waiting.png'), fullPage: true });
    await waiting.filter({ hasText: '临时出差' }).getByRole('button', { name: '同意退款' }).click();
    await waiting.filter({ hasText: '临时出差' }).waitFor({ state: 'detached' });
    await waiting.filter({ hasText: '不想要了' }).getByRole('button', { name: '拒绝' }).click();
    await leader.page.getByLabel('拒绝原因').fill('水果已按订单备好，请按时提货');
    await leader.page.getByRole('button', { name: '确认拒绝' }).click();
    await waiting.first().waitFor({ state: 'detached' });
    await leader.context.close();
    expect(sentRefunds).toHaveLength(1);

    const first = await h.phones.phone(a.mobile);
    await first.page.goto('/myorder/refunding');
    await first.page.getByTestId('my-refund').filter({ hasText: '退款中' }).waitFor();
    await first.page.screenshot({ path: artifactPath('refund-refunding.png') });
    await first.context.close();
    const second = await h.phones.phone(b.mobile);
    await second.page.goto('/myorder/refunding');
    await second.page.getByTestId('my-refund').filter({ hasText: '已拒绝' }).filter({ hasText: '水果已按订单备好' }).waitFor();
    await second.page.screenshot({ path: artifactPath('refund-refused.png') });
    await second.context.close();
  }, 120_000);

  it('the pages: no serious axe finding, targets ≥ 44 px', async () => {
    const s = await setting();
    const screens: [string, string][] = [
      [s.leader, '/myorder/deqorder'],
      [s.leader, '/myorder/myprofit'],
      [s.leader, '/myorder/pcenter'],
      [s.buyers[0]!.mobile, '/myorder/deqorder'],
      [s.buyers[0]!.mobile, `/myorder/refund?id=${s.buyers[0]!.orderId}`],
      [s.buyers[0]!.mobile, '/myorder/refunding'],
    ];
    for (const [who, path] of screens) {
      const { context, page } = await h.phones.phone(who);
      await page.goto(path);
      await page.waitForLoadState('networkidle').catch(() => undefined);
      await page.waitForTimeout(400);
      expect({ path, violations: await seriousViolations(page), small: await smallTargets(page, 44) }).toEqual({ path, violations: [], small: [] });
      await context.close();
    }
  }, 120_000);
});
