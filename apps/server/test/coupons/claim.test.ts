import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CouponMsg } from '@sq/contract/coupons/coupon-rules';
import { createTestApp, type TestApp } from '../support/test-app';
import { claim, countOf, couponApi, DAY, HOME, newJoiner, newResident, newShop, OTHER, publishBatch } from './coupon-helpers';

let t: TestApp;
let api: ReturnType<typeof couponApi>;
beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { LOG_LEVEL: 'warn' } });
  api = couponApi(t);
});
afterAll(() => t.close());

const claimOf = (id: string, token: string, poiId = HOME) => api.post(`/v1/coupon-batches/${id}/claim`, token, { poiId });

describe('claiming under a rush', () => {
  it('500 parallel claims on a batch of 100 give exactly 100 coupons; the other 400 are told 优惠券已被领完', async () => {
    const shop = await newShop(t);
    const id = await publishBatch(t, shop, { total: 100 });
    const people = [];
    // Logins a few at a time (the SMS endpoint sheds a burst); the claims are what run at once.
    for (let i = 0; i < 500; i += 25) people.push(...(await Promise.all(Array.from({ length: 25 }, () => newResident(t)))));
    const answers = await Promise.all(people.map((p) => claimOf(id, p.token)));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(100);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(400);
    expect(new Set(refused.map((a) => `${a.status} ${a.message}`))).toEqual(new Set([`400 ${CouponMsg.gone}`]));
    expect(await countOf(t, `select count(*) as n from coupons where batch_id = '${id}'`)).toBe(100);
    expect(await countOf(t, `select claimed as n from coupon_batches where id = '${id}'`)).toBe(100);
    expect(new Set(ok.map((a) => a.data.left)).size).toBe(100);
  }, 120_000);

  it("one person's 10 parallel claims with a limit of 2 give 2", async () => {
    const shop = await newShop(t);
    const id = await publishBatch(t, shop, { total: 50, perPerson: 2 });
    const me = await newResident(t);
    const answers = await Promise.all(Array.from({ length: 10 }, () => claimOf(id, me.token)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 400 && a.message === `${CouponMsg.limit} 2 张`)).toHaveLength(8);
    expect(await countOf(t, `select count(*) as n from coupons where batch_id = '${id}'`)).toBe(2);
    expect(await countOf(t, `select claimed as n from coupon_batches where id = '${id}'`)).toBe(2);
  });
});

describe('who may claim', () => {
  it('a batch for level 3 and above is refused to a new neighbour, and given once their points reach it', async () => {
    const shop = await newShop(t);
    const id = await publishBatch(t, shop, { minLevel: 3 });
    const me = await newResident(t);
    const refused = await claimOf(id, me.token);
    expect([refused.status, refused.message]).toEqual([403, `${CouponMsg.levelLow}Lv.3 热心邻居`]);
    expect(await countOf(t, `select count(*) as n from coupons where batch_id = '${id}'`)).toBe(0);
    await t.database.db.execute(`insert into member_levels (user_id, points) values ('${me.userId}', 150)` as never);
    expect((await claimOf(id, me.token)).status).toBe(200);
  });

  it('refuses another community, one the batch is not offered in, and a person who only joined', async () => {
    const shop = await newShop(t, { approvedIn: [HOME, OTHER] });
    const id = await publishBatch(t, shop, { communities: [HOME] });
    const there = await newResident(t, OTHER);
    // A member of OTHER, where the shop is approved but the batch is not offered.
    const r1 = await claimOf(id, there.token, OTHER);
    expect([r1.status, r1.message]).toEqual([403, CouponMsg.notServed]);
    // Naming HOME, where they are no member.
    const r2 = await claimOf(id, there.token, HOME);
    expect(r2.status).toBe(403);
    const joiner = await newJoiner(t, HOME);
    const r3 = await claimOf(id, joiner.token, HOME);
    expect([r3.status, r3.message]).toEqual([403, CouponMsg.notMember]);
    expect(await countOf(t, `select count(*) as n from coupons where batch_id = '${id}'`)).toBe(0);
  });

  it('refuses before the window, after it, and once stopped', async () => {
    const shop = await newShop(t);
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const later = await publishBatch(t, shop, { claimStartsAt: now + 3600, claimEndsAt: now + 7200 });
    const me = await newResident(t);
    expect((await claimOf(later, me.token)).message).toBe(CouponMsg.notStarted);
    const id = await publishBatch(t, shop);
    expect((await api.post(`/v1/merchants/${shop.id}/coupon-batches/${id}/stop`, shop.owner.token)).data.batch.status).toBe('stopped');
    expect((await claimOf(id, me.token)).message).toBe(CouponMsg.stopped);
    const short = await publishBatch(t, shop, { claimEndsAt: now + 60 });
    t.clock.advance(2 * 60_000);
    expect((await claimOf(short, me.token)).message).toBe(CouponMsg.ended);
  });
});

describe('我的优惠券', () => {
  it('by state with counts: unused soonest to expire first, used, expired; the holder only sees one', async () => {
    const shop = await newShop(t);
    const week = await publishBatch(t, shop, { validDays: 7, title: '七天券' });
    const day = await publishBatch(t, shop, { validDays: 1, title: '当天券' });
    const me = await newResident(t);
    await claim(t, week, me.token);
    const dayCoupon = await claim(t, day, me.token);
    const mine = await api.get('/v1/coupons/mine?state=unused', me.token);
    expect(mine.data.coupons.map((c: { title: string }) => c.title)).toEqual(['当天券', '七天券']);
    expect(mine.data.counts).toEqual({ unused: 2, used: 0, expired: 0 });
    const one = await api.get(`/v1/coupons/${dayCoupon}`, me.token);
    expect(one.data.coupon).toMatchObject({ id: dayCoupon, state: 'unused', face: '满50减10', merchant: { name: expect.any(String) } });
    const other = await newResident(t);
    expect((await api.get(`/v1/coupons/${dayCoupon}`, other.token)).status).toBe(404);
    t.clock.advance(2 * DAY);
    const later = await api.get('/v1/coupons/mine?state=expired', me.token);
    expect(later.data.coupons.map((c: { title: string }) => c.title)).toEqual(['当天券']);
    expect(later.data.counts).toEqual({ unused: 1, used: 0, expired: 1 });
  });
});
