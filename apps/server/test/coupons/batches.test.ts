import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CouponMsg } from '@sq/contract/coupons/coupon-rules';
import { MerchantMsg } from '@sq/contract/merchants/merchant-rules';
import { staffOf } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { batchForm, claim, countOf, couponApi, DAY, HOME, newResident, newShop, OTHER, publishBatch } from './coupon-helpers';

let t: TestApp;
let api: ReturnType<typeof couponApi>;
beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { LOG_LEVEL: 'warn' } });
  api = couponApi(t);
});
afterAll(() => t.close());

const publish = (shop: { id: string }, token: string, over: Record<string, unknown> = {}) => api.post(`/v1/merchants/${shop.id}/coupon-batches`, token, batchForm(t, over));
const batches = async () => countOf(t, 'select count(*) as n from coupon_batches');

describe('publishing a batch', () => {
  it('the owner publishes for the communities the shop is approved in; the shop lists it with its communities', async () => {
    const shop = await newShop(t, { approvedIn: [HOME, OTHER] });
    const res = await publish(shop, shop.owner.token, { communities: [HOME], kind: 'discount', payPercent: 88, valueFen: null, thresholdFen: 0 });
    expect(res.status).toBe(200);
    expect(res.data.batch).toMatchObject({ face: '8.8折', kind: 'discount', claimed: 0, used: 0, left: 100, communities: [{ poiId: HOME, name: expect.any(String) }] });
    const list = await api.get(`/v1/merchants/${shop.id}/coupon-batches`, shop.clerk.token);
    expect(list.data.batches.map((b: { id: string }) => b.id)).toEqual([res.data.batch.id]);
  });

  it('refuses a clerk, a suspended shop, a shop approved nowhere, a community not approved for it, and bad forms – writing nothing', async () => {
    const before = await batches();
    const shop = await newShop(t, { approvedIn: [HOME], pendingIn: [OTHER] });
    expect(await publish(shop, shop.clerk.token).then((r) => [r.status, r.message])).toEqual([403, MerchantMsg.ownerOnly]);
    expect(await publish(shop, shop.owner.token, { communities: [OTHER] }).then((r) => [r.status, r.message])).toEqual([400, CouponMsg.communities]);
    expect((await publish(shop, shop.owner.token, { valueFen: 6000 })).message).toBe(CouponMsg.valueOverThreshold);
    expect((await publish(shop, shop.owner.token, { kind: 'gift', item: '' })).message).toBe(CouponMsg.item);
    expect((await publish(shop, shop.owner.token, { total: 0 })).message).toBe(CouponMsg.total);
    const now = Math.floor(t.clock.now().getTime() / 1000);
    expect((await publish(shop, shop.owner.token, { claimStartsAt: now - 7200, claimEndsAt: now - 3600 })).message).toBe(CouponMsg.window);
    const suspended = await newShop(t, { status: 'suspended' });
    expect(await publish(suspended, suspended.owner.token).then((r) => [r.status, r.message])).toEqual([403, MerchantMsg.suspended]);
    const pending = await newShop(t, { status: 'pending', approvedIn: [], pendingIn: [HOME] });
    expect((await publish(pending, pending.owner.token)).status).toBe(403);
    const stranger = await newResident(t);
    expect(await publish(shop, stranger.token).then((r) => [r.status, r.message])).toEqual([403, MerchantMsg.notMine]);
    expect(await batches()).toBe(before);
  });

  it('passes the content check of every community it is offered in: a banned word of one refuses, ID numbers are masked', async () => {
    const shop = await newShop(t, { approvedIn: [HOME, OTHER] });
    const manager = await staffOf(t, OTHER, 1);
    expect((await api.post('/v1/manage/content/settings', manager, { poiId: OTHER, keywords: ['橙汁'], links: 'allow' })).status).toBe(200);
    const before = await batches();
    const banned = await publish(shop, shop.owner.token, { title: '开业橙汁券' });
    expect(banned).toMatchObject({ status: 400, message: CouponMsg.bannedWords(['橙汁']) });
    expect(await batches()).toBe(before);
    // Offered only where the word is allowed, it is published; a stray ID number in its rules is masked.
    const ok = await publish(shop, shop.owner.token, { title: '开业橙汁券', communities: [HOME], rules: '凭身份证 110101199003078515 领取' });
    expect(ok.status, ok.message).toBe(200);
    expect(ok.data.batch.rules).not.toContain('110101199003078515');
  });

  it('only the owner stops a batch; coupons claimed stay valid', async () => {
    const shop = await newShop(t);
    const id = await publishBatch(t, shop);
    const me = await newResident(t);
    const coupon = await claim(t, id, me.token);
    expect((await api.post(`/v1/merchants/${shop.id}/coupon-batches/${id}/stop`, shop.clerk.token)).status).toBe(403);
    expect((await api.post(`/v1/merchants/${shop.id}/coupon-batches/${id}/stop`, shop.owner.token)).data.batch.status).toBe('stopped');
    expect((await api.get(`/v1/coupons/${coupon}`, me.token)).data.coupon.state).toBe('unused');
  });
});

describe('the batches residents see', () => {
  it('in a community: active batches of shops approved there, offered there, not yet ended; with left and mine; a batch page for anyone', async () => {
    const shop = await newShop(t, { approvedIn: [HOME, OTHER] });
    const forHome = await publishBatch(t, shop, { communities: [HOME], title: '望京专享' });
    const forAll = await publishBatch(t, shop, { title: '全部社区', total: 3 });
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const soon = await publishBatch(t, shop, { title: '明天开抢', claimStartsAt: now + DAY / 1000, claimEndsAt: now + (2 * DAY) / 1000 });
    const stopped = await publishBatch(t, shop, { title: '已停止' });
    await api.post(`/v1/merchants/${shop.id}/coupon-batches/${stopped}/stop`, shop.owner.token);
    const pendingShop = await newShop(t, { approvedIn: [], pendingIn: [HOME] });
    const me = await newResident(t);
    await claim(t, forAll, me.token);
    const home = await api.get(`/v1/coupon-batches?poiId=${HOME}&merchantId=${shop.id}`, me.token);
    expect(home.data.batches.map((b: { title: string }) => b.title)).toEqual(['明天开抢', '全部社区', '望京专享']);
    expect(home.data.batches[1]).toMatchObject({ left: 2, mine: 1, total: 3 });
    const other = await api.get(`/v1/coupon-batches?poiId=${OTHER}&merchantId=${shop.id}`, null as never);
    expect(other.data.batches.map((b: { id: string }) => b.id)).toEqual([soon, forAll]);
    expect(other.data.batches[1].mine).toBe(0);
    expect((await api.get(`/v1/coupon-batches?poiId=${HOME}&merchantId=${pendingShop.id}`, me.token)).data.batches).toEqual([]);
    const page = await api.get(`/v1/coupon-batches/${forHome}`, null as never);
    expect(page.data.batch).toMatchObject({ id: forHome, title: '望京专享', merchant: { id: shop.id } });
    expect((await api.get('/v1/coupon-batches/00000000-0000-4000-8000-000000000000', me.token)).status).toBe(404);
  });
});
