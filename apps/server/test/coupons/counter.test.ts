import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CouponMsg } from '@sq/contract/coupons/coupon-rules';
import { CODE_STEP_SECONDS, RESCAN_GRACE_MS } from '@sq/contract/pass/code-steps';
import { newHolderKeyPair, holderCodeAt } from '@sq/contract/codes/holder-code';
import { maskMobile } from '@sq/contract/rules';
import { notifications } from '../../src/db/schema';
import { readXlsx } from '../support/read-xlsx';
import { createTestApp, type TestApp } from '../support/test-app';
import { claim, countOf, couponApi, DAY, holderPhone, newClerk, newResident, newShop, publishBatch } from './coupon-helpers';

let t: TestApp;
let api: ReturnType<typeof couponApi>;
beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { LOG_LEVEL: 'warn' } });
  api = couponApi(t);
});
afterAll(() => t.close());

const redeem = (shopId: string, token: string, code: string) => api.post(`/v1/merchants/${shopId}/redeem`, token, { code });

/** A shop with a batch, and a resident holding one coupon of it with their phone's key. */
async function setting(over: Record<string, unknown> = {}) {
  const shop = await newShop(t);
  const batchId = await publishBatch(t, shop, over);
  const holder = await newResident(t);
  const phone = await holderPhone(t, holder.token);
  const couponId = await claim(t, batchId, holder.token);
  return { shop, batchId, holder, phone, couponId };
}

describe('the counter online', () => {
  it('uses a coupon once: green with the holder as screen name and masked mobile; another clerk is told 已使用; the same clerk within the grace is green again', async () => {
    const s = await setting();
    const code = s.phone.codeOf(s.couponId);
    const first = await redeem(s.shop.id, s.shop.clerk.token, code);
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ couponId: s.couponId, repeat: false, face: '满50减10', holder: { mobile: maskMobile(s.holder.mobile) } });
    expect(JSON.stringify(first.data)).not.toContain(s.holder.mobile);
    const other = await newClerk(t, s.shop.id);
    const second = await redeem(s.shop.id, other.token, s.phone.codeOf(s.couponId));
    expect(second.status).toBe(400);
    expect(second.message.startsWith(CouponMsg.used)).toBe(true);
    t.clock.advance(60_000);
    const again = await redeem(s.shop.id, s.shop.clerk.token, s.phone.codeOf(s.couponId));
    expect([again.status, again.data?.repeat]).toEqual([200, true]);
    t.clock.advance(RESCAN_GRACE_MS);
    expect((await redeem(s.shop.id, s.shop.clerk.token, s.phone.codeOf(s.couponId))).status).toBe(400);
    expect(await countOf(t, `select used as n from coupon_batches where id = '${s.batchId}'`)).toBe(1);
    expect(await countOf(t, `select count(*) as n from member_points where user_id = '${s.holder.userId}' and reason = 'couponUsed'`)).toBe(1);
    const mine = await api.get('/v1/coupons/mine?state=used', s.holder.token);
    expect(mine.data.coupons.map((c: { id: string }) => c.id)).toEqual([s.couponId]);
  });

  it('20 parallel scans of one coupon by different clerks use it once', async () => {
    const s = await setting();
    const clerks = await Promise.all(Array.from({ length: 20 }, () => newClerk(t, s.shop.id)));
    const code = s.phone.codeOf(s.couponId);
    const answers = await Promise.all(clerks.map((c) => redeem(s.shop.id, c.token, code)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(await countOf(t, `select used as n from coupon_batches where id = '${s.batchId}'`)).toBe(1);
  });

  it('refuses a forged code, a stale one, a revoked key, text that is no coupon, and another shop’s coupon (telling nothing of it)', async () => {
    const s = await setting();
    const forger = newHolderKeyPair();
    const forged = holderCodeAt({ kid: s.phone.key.kid, privateKey: forger.privateKey }, 'coupon', s.couponId, t.clock.now().getTime()).code;
    expect((await redeem(s.shop.id, s.shop.clerk.token, forged)).message).toBe(CouponMsg.badCode);
    const stale = s.phone.codeOf(s.couponId, t.clock.now().getTime() - 3 * CODE_STEP_SECONDS * 1000);
    expect((await redeem(s.shop.id, s.shop.clerk.token, stale)).message).toBe(CouponMsg.staleCode);
    expect((await redeem(s.shop.id, s.shop.clerk.token, 'hello')).message).toBe(CouponMsg.notCoupon);
    const elsewhere = await newShop(t);
    const answer = await redeem(elsewhere.id, elsewhere.clerk.token, s.phone.codeOf(s.couponId));
    expect([answer.status, answer.message, answer.data]).toEqual([400, CouponMsg.otherShop, null]);
    // Three more phones retire the first key: its codes are refused, the clerk told why, and the
    // old phone, asking, learns to make a new key.
    expect(await api.get(`/v1/holderKeys/${s.phone.key.kid}`, s.holder.token)).toMatchObject({ status: 200, data: { active: true } });
    for (let i = 0; i < 3; i++) await holderPhone(t, s.holder.token);
    expect((await redeem(s.shop.id, s.shop.clerk.token, s.phone.codeOf(s.couponId))).message).toBe(CouponMsg.retiredKey);
    expect(await api.get(`/v1/holderKeys/${s.phone.key.kid}`, s.holder.token)).toMatchObject({ status: 200, data: { active: false } });
    // Someone else's key number says nothing about theirs; a forgery on the retired number is just invalid.
    expect(await api.get(`/v1/holderKeys/${s.phone.key.kid + 3}`, (await newResident(t)).token)).toMatchObject({ status: 200, data: { active: false } });
    const forgedOld = holderCodeAt({ kid: s.phone.key.kid, privateKey: newHolderKeyPair().privateKey }, 'coupon', s.couponId, t.clock.now().getTime()).code;
    expect((await redeem(s.shop.id, s.shop.clerk.token, forgedOld)).message).toBe(CouponMsg.badCode);
    expect(await countOf(t, `select count(*) as n from coupons where id = '${s.couponId}' and status = 'used'`)).toBe(0);
  });

  it('refuses an expired coupon', async () => {
    const s = await setting({ validDays: 1 });
    t.clock.advance(2 * DAY);
    expect((await redeem(s.shop.id, s.shop.clerk.token, s.phone.codeOf(s.couponId))).message).toBe(CouponMsg.expired);
  });

  it('tells the holder when a coupon used lifts them to a new level', async () => {
    const s = await setting();
    await t.database.db.execute(`insert into member_levels (user_id, points) values ('${s.holder.userId}', 48)` as never);
    expect((await redeem(s.shop.id, s.shop.clerk.token, s.phone.codeOf(s.couponId))).status).toBe(200);
    const rows = await t.database.db.select().from(notifications).where(and(eq(notifications.userId, s.holder.userId), eq(notifications.kind, 'levelReached')));
    expect(rows.map((r) => r.body)).toEqual(['恭喜！您已升级为 Lv.2 好邻居']);
  });
});

describe('the counter offline', () => {
  it('the kit holds public keys only and masked mobiles; a batch synced later uses each coupon once, the second sync told 已使用', async () => {
    const s = await setting();
    const kit = await api.get(`/v1/merchants/${s.shop.id}/counter-kit`, s.shop.clerk.token);
    expect(kit.status).toBe(200);
    const entry = kit.data.coupons.find((c: { id: string }) => c.id === s.couponId);
    expect(entry).toMatchObject({ keys: [{ kid: s.phone.key.kid, publicKey: s.phone.publicKey }], holder: { mobile: maskMobile(s.holder.mobile) }, face: '满50减10' });
    const text = JSON.stringify(kit.data);
    expect(text).not.toContain(s.phone.key.privateKey);
    expect(text).not.toContain(s.holder.mobile);
    expect(kit.data.validUntil - kit.data.serverTime).toBe(24 * 3_600_000);

    const scannedAt = t.clock.now().getTime();
    const code = s.phone.codeOf(s.couponId, scannedAt);
    t.clock.advance(2 * 3_600_000); // the network comes back two hours later
    const synced = await api.post(`/v1/merchants/${s.shop.id}/redemptions`, s.shop.clerk.token, { scans: [{ code, at: scannedAt }] });
    expect(synced.data.results).toEqual([{ code, ok: true, message: null }]);
    expect(await countOf(t, `select count(*) as n from coupons where id = '${s.couponId}' and redeemed_via = 'offline' and scanned_at = to_timestamp(${scannedAt / 1000})`)).toBe(1);
    const other = await newClerk(t, s.shop.id);
    const dup = await api.post(`/v1/merchants/${s.shop.id}/redemptions`, other.token, { scans: [{ code, at: scannedAt + 1000 }] });
    expect(dup.data.results[0].ok).toBe(false);
    expect(dup.data.results[0].message.startsWith(CouponMsg.used)).toBe(true);
    // A scan time in the future or older than the kit's life is not believed.
    const s2 = await setting();
    const future = t.clock.now().getTime() + 10 * 60_000;
    const old = t.clock.now().getTime() - 25 * 3_600_000;
    const bad = await api.post(`/v1/merchants/${s.shop.id}/redemptions`, s.shop.clerk.token, {
      scans: [{ code: s2.phone.codeOf(s2.couponId, future), at: future }, { code: s2.phone.codeOf(s2.couponId, old), at: old }],
    });
    expect(bad.data.results.map((r: { message: string }) => r.message)).toEqual([CouponMsg.time, CouponMsg.time]);
  });
});

describe('the shop dashboard', () => {
  it('lists redemptions newest first with masked mobiles, exports them as .xlsx (audited), and counts per day and per batch', async () => {
    const s = await setting({ total: 5 });
    const holder2 = await newResident(t);
    const phone2 = await holderPhone(t, holder2.token);
    const second = await claim(t, s.batchId, holder2.token);
    await redeem(s.shop.id, s.shop.clerk.token, s.phone.codeOf(s.couponId));
    t.clock.advance(1000);
    await redeem(s.shop.id, s.shop.owner.token, phone2.codeOf(second));
    const list = await api.get(`/v1/merchants/${s.shop.id}/redemptions`, s.shop.clerk.token);
    expect(list.data.redemptions.map((r: { couponId: string }) => r.couponId)).toEqual([second, s.couponId]);
    expect(list.data.redemptions[0].holder.mobile).toBe(maskMobile(holder2.mobile));
    const file = await t.app.inject({ method: 'GET', url: `/v1/merchants/${s.shop.id}/redemptions?export=1`, headers: { token: s.shop.owner.token } });
    expect(file.statusCode).toBe(200);
    const { rows } = await readXlsx(file.rawPayload);
    expect(rows.length).toBe(3);
    expect(JSON.stringify(rows)).toContain(maskMobile(s.holder.mobile));
    expect(JSON.stringify(rows)).not.toContain(s.holder.mobile);
    expect(await countOf(t, `select count(*) as n from audit_log where action = 'coupons.redemptions.export' and subject_id = '${s.shop.id}'`)).toBe(1);
    const stats = await api.get(`/v1/merchants/${s.shop.id}/coupon-stats`, s.shop.clerk.token);
    expect(stats.data.days).toHaveLength(30);
    expect(stats.data.days.at(-1)).toMatchObject({ claimed: 2, used: 2 });
    expect(stats.data.batches).toEqual([{ id: s.batchId, title: '满50减10', total: 5, claimed: 2, used: 2 }]);
  });
});
