import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { merchantCommunities, merchants, merchantStaff, unitOwners, units, users } from '@sq/server/db/schema';
import { holderCodeAt, newHolderKeyPair } from '@sq/contract/codes/holder-code';
import { CODE_STEP_SECONDS } from '@sq/contract/pass/code-steps';
import { artifactPath, launchWithCamera, phoneContext } from './support/browser';
import { writeCameraVideo } from './support/fake-camera';
import { usePhoneHarness } from './support/phone-harness';

const POI = 'DEMO000001';
const h = usePhoneHarness();
let serial = 0;
const mobileOf = () => `137${String(Date.now() + serial++).slice(-8)}`;

/** A resident with a home in the community (a member: may claim). */
async function resident() {
  const mobile = mobileOf();
  const db = h.server.database.db;
  const [unit] = await db.insert(units).values({ poiId: POI, building: '35', room: String(100 + serial), areaCenti: 8000 }).returning({ id: units.id });
  await db.insert(unitOwners).values({ unitId: unit!.id, mobileHash: h.server.pii.hash(mobile), mobileEnc: h.server.pii.encrypt(mobile), sort: 0 });
  await h.phones.token(mobile);
  return mobile;
}

const userIdOf = async (mobile: string) => {
  await h.phones.token(mobile);
  const [u] = await h.server.database.db.select({ id: users.id }).from(users).where(eq(users.mobileHash, h.server.pii.hash(mobile)));
  return u!.id;
};

/** An approved shop serving the community (the merchants' own pages are another part), its owner and a clerk. */
async function shop() {
  const owner = mobileOf();
  const clerk = mobileOf();
  const db = h.server.database.db;
  const [row] = await db
    .insert(merchants)
    .values({ name: '好邻居咖啡', category: 'food', address: '望京街道测试路8号', lng: 116.47, lat: 39.99, hours: '09:00-21:00', phone: '010-64701234', licenceNo: '91110105MA01234567', licenceImage: { hash: 'a'.repeat(64), width: 10, height: 10, poiId: 'DEMO000001' }, radiusM: 3000, status: 'approved', ownerId: await userIdOf(owner) })
    .returning({ id: merchants.id });
  await db.insert(merchantStaff).values([
    { merchantId: row!.id, userId: await userIdOf(owner), role: 'owner' },
    { merchantId: row!.id, userId: await userIdOf(clerk), role: 'clerk' },
  ]);
  await db.insert(merchantCommunities).values({ merchantId: row!.id, poiId: POI, status: 'approved', distanceM: 500 });
  return { id: row!.id, owner, clerk };
}

/** The codes a holder's phone shows for the next few minutes in turn: whenever the scanner looks, one is current. */
async function codesOf(mobile: string, couponId: string) {
  const pair = newHolderKeyPair();
  const { kid } = (await h.phones.api<{ kid: number }>(mobile, '/v1/holderKeys', { publicKey: pair.publicKey })).data;
  const now = Date.now();
  return Array.from({ length: 6 }, (_, k) => holderCodeAt({ kid, privateKey: pair.privateKey }, 'coupon', couponId, now + k * CODE_STEP_SECONDS * 1000).code);
}

/** A counter (/bs) in a Chromium whose camera shows these codes in turn (and loops). */
async function counterWith(mobile: string, shopId: string, codes: string[]) {
  const video = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sq-camera-')), 'counter.y4m');
  writeCameraVideo(video, [{ text: null, frames: 10 }, ...codes.flatMap((text) => [{ text, frames: 10 }, { text: null, frames: 20 }])]);
  const browser = await launchWithCamera(video);
  const context = await phoneContext(browser, h.server.origin);
  await context.addInitScript((t) => localStorage.setItem('token', t), await h.phones.token(mobile));
  const page = await context.newPage();
  page.on('pageerror', (e) => h.phones.problems.push(`counter pageerror: ${e.message}`));
  await page.goto(`/bs?shop=${shopId}`);
  await page.getByRole('button', { name: '开始核销' }).waitFor();
  return {
    context,
    page,
    async done() {
      await browser.close();
      fs.rmSync(path.dirname(video), { recursive: true, force: true });
    },
  };
}

const redemptionsOf = async (owner: string, shopId: string) => (await h.phones.api<{ redemptions: { couponId: string; via: string }[] }>(owner, `/v1/merchants/${shopId}/redemptions`, {}, 'GET')).data.redemptions;

describe('优惠券 (a batch claimed by residents, redeemed at the counter by QR, online and offline)', () => {
  it('a batch of 3: four residents claim and the fourth is told they are gone; redeemed online and offline at /bs; a second scan of a used coupon is refused', async () => {
    const s = await shop();
    // The owner publishes on the shop's coupon page: a form left short is told what is missing and writes nothing.
    const owner = await h.phones.phone(s.owner);
    await owner.page.goto(`/couponmanage?shop=${s.id}`);
    await owner.page.getByRole('tab', { name: '发券' }).click();
    await owner.page.locator('input[name="title"]').fill('开业满减券');
    await owner.page.getByRole('button', { name: '发布' }).click();
    await owner.page.getByRole('alert').waitFor();
    const batchesOf = async () => (await h.phones.api<{ batches: { id: string; title: string }[] }>(s.owner, `/v1/merchants/${s.id}/coupon-batches`, {}, 'GET')).data.batches;
    expect(await batchesOf()).toEqual([]);
    await owner.page.locator('input[name="value"]').fill('10');
    await owner.page.locator('input[name="threshold"]').fill('50');
    await owner.page.locator('input[name="total"]').fill('3');
    await owner.page.locator('input[name="validDays"]').fill('7');
    await owner.page.screenshot({ path: artifactPath('coupon-publish-filled.png'), fullPage: true });
    await owner.page.getByRole('button', { name: '发布' }).click();
    await owner.page.getByText('开业满减券').first().waitFor();
    await expect.poll(async () => (await batchesOf()).map((b) => b.title)).toEqual(['开业满减券']);
    await owner.page.screenshot({ path: artifactPath('coupon-published.png') });
    await owner.context.close();
    const batchId = (await batchesOf())[0]!.id;

    // Four residents claim on the page a poster opens.
    const people = [await resident(), await resident(), await resident(), await resident()];
    const coupons: string[] = [];
    for (const [i, mobile] of people.entries()) {
      const { context, page } = await h.phones.phone(mobile);
      await page.goto(`/rcoupon?id=${batchId}`);
      await page.getByText('满50减10').first().waitFor();
      if (i === 0) await page.screenshot({ path: artifactPath('coupon-claim.png') });
      // The fourth finds none left: told so at once, the button off (one who loaded the page before is told by the server).
      if (i < 3) await page.getByRole('button', { name: '立即领取' }).click();
      const said = page.getByTestId('claim-result');
      if (i < 3) {
        await said.filter({ hasText: '领取成功' }).waitFor();
        const mine = await h.phones.api<{ coupons: { id: string }[] }>(mobile, '/v1/coupons/mine', { state: 'unused' }, 'GET');
        coupons.push(mine.data.coupons[0]!.id);
      } else {
        await said.filter({ hasText: '优惠券已被领完' }).waitFor();
        await page.screenshot({ path: artifactPath('coupon-claim-gone.png') });
      }
      if (i === 0) {
        // The resident's coupon, its code made on the phone.
        await page.goto('/coupon');
        await page.getByText('未使用（1）').waitFor();
        await page.screenshot({ path: artifactPath('coupon-mine.png') });
        await page.goto(`/coupon?id=${coupons[0]}`);
        await page.getByRole('img', { name: '优惠券核销码' }).waitFor();
        const shown = await page.getByRole('img', { name: '优惠券核销码' }).getAttribute('data-value');
        expect(shown).toMatch(/^CP1\./);
        await page.screenshot({ path: artifactPath('coupon-code.png') });
      }
      await context.close();
    }

    // Online: the clerk's counter redeems the first resident's coupon.
    const first = await counterWith(s.clerk, s.id, await codesOf(people[0]!, coupons[0]!));
    try {
      await first.page.screenshot({ path: artifactPath('counter-chooser.png') });
      await first.page.getByRole('button', { name: '开始核销' }).click();
      const verdict = first.page.getByTestId('coupon-verdict');
      await verdict.filter({ hasText: '核销成功' }).waitFor({ timeout: 20_000 });
      await expect(verdict.textContent()).resolves.toContain('满50减10');
      await expect(verdict.textContent()).resolves.toMatch(/\d{3}\*{4}\d{4}/);
      await first.page.screenshot({ path: artifactPath('counter-redeemed.png') });
      await expect(first.page.getByTestId('counter-count').textContent()).resolves.toBe('已核销 1 张');
    } finally {
      await first.done();
    }
    expect((await redemptionsOf(s.owner, s.id)).map((r) => [r.couponId, r.via])).toEqual([[coupons[0], 'online']]);

    // Offline: the counter checks the second coupon with its kit, queues it, and sends it when back.
    const second = await counterWith(s.clerk, s.id, await codesOf(people[1]!, coupons[1]!));
    try {
      const kit = second.page.getByTestId('counter-kit');
      await kit.filter({ hasText: /离线名单 \d+ 张/ }).waitFor();
      await second.context.setOffline(true);
      await second.page.getByRole('button', { name: '开始核销' }).click();
      await second.page.getByTestId('counter-last').filter({ hasText: '· 离线' }).waitFor({ timeout: 20_000 });
      await kit.filter({ hasText: '待上传 1 条' }).first().waitFor();
      await second.page.screenshot({ path: artifactPath('counter-offline.png') });
      expect(await redemptionsOf(s.owner, s.id)).toHaveLength(1);
      await second.context.setOffline(false);
      await expect.poll(async () => (await redemptionsOf(s.owner, s.id)).length, { timeout: 20_000 }).toBe(2);
      expect((await redemptionsOf(s.owner, s.id))[0]).toMatchObject({ couponId: coupons[1], via: 'offline' });
    } finally {
      await second.done();
    }

    // The same coupon again, at the owner's counter: refused as used.
    const third = await counterWith(s.owner, s.id, await codesOf(people[0]!, coupons[0]!));
    try {
      await third.page.getByRole('button', { name: '开始核销' }).click();
      const verdict = third.page.getByTestId('coupon-verdict');
      await verdict.filter({ hasText: '该优惠券已使用' }).waitFor({ timeout: 20_000 });
      await expect(verdict.getAttribute('data-verdict')).resolves.toBe('no');
      await third.page.screenshot({ path: artifactPath('counter-refused.png') });
    } finally {
      await third.done();
    }
    expect(await redemptionsOf(s.owner, s.id)).toHaveLength(2);

    // The shop's management: the batch with what was claimed and used.
    const { context, page } = await h.phones.phone(s.owner);
    await page.goto(`/couponmanage?shop=${s.id}`);
    await page.getByTestId('shop-batch').filter({ hasText: '已领 3 · 已用 2' }).waitFor();
    await page.screenshot({ path: artifactPath('coupon-manage.png') });
    await page.getByRole('tab', { name: '发券' }).click();
    await page.getByRole('button', { name: '发布' }).waitFor();
    await page.screenshot({ path: artifactPath('coupon-publish.png'), fullPage: true });
    await page.getByRole('tab', { name: '核销记录' }).click();
    await page.getByTestId('redemption').nth(1).waitFor();
    await context.close();
  }, 240_000);
});
