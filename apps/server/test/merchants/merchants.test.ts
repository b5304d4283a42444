import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_CLERKS_MAX, MerchantMsg } from '@sq/contract/merchants/merchant-rules';
import { MerchantReviewMsg } from '@sq/contract/merchants/review-rules';
import { communityAdmins, couponBatches, merchantStaff } from '../../src/db/schema';
import { boardApi } from '../board/board-helpers';
import { freshMobile } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { ADMIN, approveAll, countOf, HOME, linkStatus, loginAs, MANAGER, newJoiner, newResident, newShop, OTHER, RESIDENT, shopForm, USCC } from './merchant-helpers';

let t: TestApp;
let api: ReturnType<typeof boardApi>;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  api = boardApi(t);
});
afterAll(() => t.close());

const shops = () => countOf(t, 'select count(*) as n from merchants');

describe('apply', () => {
  it('a shop applies: pending in each community within its radius, with the distance', async () => {
    const owner = await newJoiner(t);
    const res = await api.post('/v1/merchants', owner.token, await shopForm(t, owner.token, { radiusM: 800 }));
    expect(res).toMatchObject({ status: 200, data: { communities: 2 } });
    const mine = await api.get(`/v1/merchants/${res.data.id}/manage`, owner.token);
    expect(mine.data).toMatchObject({ role: 'owner', shop: { status: 'pending', licenceNo: USCC } });
    expect(mine.data.shop.communities.map((c: { poiId: string; status: string }) => [c.poiId, c.status])).toEqual([
      [HOME, 'pending'],
      [OTHER, 'pending'],
    ]);
    expect(mine.data.shop.communities[0].distanceM).toBeLessThan(100);
    expect((await api.get('/v1/merchants/mine', owner.token)).data.shops).toEqual([{ id: res.data.id, name: '望京鲜果铺', status: 'pending', role: 'owner' }]);
    // One open application at a time.
    const again = await api.post('/v1/merchants', owner.token, await shopForm(t, owner.token));
    expect(again).toMatchObject({ status: 400, message: MerchantMsg.alreadyApplied });
  });

  it('refuses a licence number with a wrong check digit, and a place with no community in range – writing nothing', async () => {
    const owner = await newJoiner(t);
    const before = await shops();
    const wrong = await api.post('/v1/merchants', owner.token, await shopForm(t, owner.token, { licenceNo: '91110000600037341K' }));
    expect(wrong).toMatchObject({ status: 400, message: MerchantMsg.licenceNo });
    const far = await api.post('/v1/merchants', owner.token, await shopForm(t, owner.token, { lng: 121.47, lat: 31.23 }));
    expect(far).toMatchObject({ status: 400, message: MerchantMsg.noCommunity });
    const hours = await api.post('/v1/merchants', owner.token, await shopForm(t, owner.token, { hours: '全天' }));
    expect(hours).toMatchObject({ status: 400, message: MerchantMsg.hours });
    const radius = await api.post('/v1/merchants', owner.token, await shopForm(t, owner.token, { radiusM: 100 }));
    expect(radius).toMatchObject({ status: 400, message: MerchantMsg.radius });
    expect(await shops()).toBe(before);
  });

  it('the owner corrects a returned application and it is reviewed again', async () => {
    const shop = await newShop(t);
    const manager = await loginAs(t, MANAGER);
    expect(await api.post(`/v1/merchants/${shop.id}/review`, manager, { poiId: HOME, decision: 'return' })).toMatchObject({ status: 400, message: MerchantMsg.reason });
    expect(await api.post(`/v1/merchants/${shop.id}/review`, manager, { poiId: HOME, decision: 'return', reason: '照片不清晰' })).toMatchObject({ status: 200, data: { reviewed: 1 } });
    const returned = (await api.get(`/v1/merchants/${shop.id}/manage`, shop.token)).data.shop;
    expect(returned).toMatchObject({ status: 'returned', communities: [{ poiId: HOME, status: 'returned', reason: '照片不清晰' }] });
    const edited = await api.post(`/v1/merchants/${shop.id}/edit`, shop.token, await shopForm(t, shop.token, { name: '望京鲜果铺（新）' }));
    expect(edited).toMatchObject({ status: 200, data: { id: shop.id, communities: 1 } });
    expect((await api.get(`/v1/merchants/${shop.id}/manage`, shop.token)).data.shop).toMatchObject({ name: '望京鲜果铺（新）', status: 'pending', communities: [{ status: 'pending', reason: null }] });
    // The owner is told.
    expect(await countOf(t, `select count(*) as n from notifications where user_id = '${shop.ownerId}' and kind = 'merchantReviewed'`)).toBe(1);
  });
});

describe('review', () => {
  it('the operator approves every community at once; residents there find it; audited and told', async () => {
    const shop = await newShop(t, { radiusM: 800 });
    const operator = await loginAs(t, ADMIN);
    const queue = await api.get('/v1/merchants/reviews', operator);
    const entry = queue.data.shops.find((s: { id: string }) => s.id === shop.id);
    expect(queue.data.operator).toBe(true);
    expect(entry.owner.mobile).toMatch(/^1\d{2}\*{4}\d{4}$/);
    expect(await api.post(`/v1/merchants/${shop.id}/review`, operator, { decision: 'approve' })).toMatchObject({ status: 200, data: { reviewed: 2 } });
    expect(await linkStatus(t, shop.id, OTHER)).toBe('approved');
    expect(await countOf(t, `select count(*) as n from audit_log where action = 'merchant.approve' and subject_id = '${shop.id}'`)).toBe(2);
    const log = await api.get('/v1/merchants/reviews/log', operator);
    expect(log.data.entries[0]).toMatchObject({ shop: '望京鲜果铺', action: '通过' });
    // Suspend takes it off everywhere; restore puts it back.
    expect(await api.post(`/v1/merchants/${shop.id}/suspend`, operator, { suspend: true, reason: '投诉核实' })).toMatchObject({ status: 200, data: { status: 'suspended' } });
    const resident = await loginAs(t, RESIDENT);
    expect((await api.get(`/v1/merchants?poiId=${HOME}&category=fruit`, resident)).data.shops.some((s: { id: string }) => s.id === shop.id)).toBe(false);
    expect(await api.post(`/v1/merchants/${shop.id}/suspend`, operator, { suspend: false })).toMatchObject({ status: 200, data: { status: 'approved' } });
    expect((await api.get(`/v1/merchants?poiId=${HOME}&category=fruit`, resident)).data.shops.some((s: { id: string }) => s.id === shop.id)).toBe(true);
  });

  it("a community's manager reviews their own community's link only; an administrator of another community is refused", async () => {
    const shop = await newShop(t, { radiusM: 800 });
    const manager = await loginAs(t, MANAGER);
    const queue = await api.get('/v1/merchants/reviews', manager);
    const entry = queue.data.shops.find((s: { id: string }) => s.id === shop.id);
    expect(queue.data.operator).toBe(false);
    expect(entry.communities.map((c: { poiId: string }) => c.poiId)).toEqual([HOME]);
    expect(await api.post(`/v1/merchants/${shop.id}/review`, manager, { poiId: OTHER, decision: 'approve' })).toMatchObject({ status: 403, message: MerchantReviewMsg.notReviewer });
    expect(await api.post(`/v1/merchants/${shop.id}/review`, manager, { decision: 'approve' })).toMatchObject({ status: 403, message: MerchantReviewMsg.operatorOnly });
    // An administrator of 南湖西园 (DEMO000003), which the shop does not serve.
    const elsewhere = await newJoiner(t);
    await t.database.db.insert(communityAdmins).values({ userId: elsewhere.userId, poiId: 'DEMO000003' });
    expect(await api.post(`/v1/merchants/${shop.id}/review`, elsewhere.token, { poiId: HOME, decision: 'approve' })).toMatchObject({ status: 403 });
    expect((await api.get('/v1/merchants/reviews', elsewhere.token)).data.shops.some((s: { id: string }) => s.id === shop.id)).toBe(false);
    expect(await linkStatus(t, shop.id, HOME)).toBe('pending');
    // A resident is no reviewer at all.
    expect(await api.get('/v1/merchants/reviews', await loginAs(t, RESIDENT))).toMatchObject({ status: 403 });
    expect(await api.post(`/v1/merchants/${shop.id}/review`, manager, { poiId: HOME, decision: 'approve' })).toMatchObject({ status: 200, data: { reviewed: 1 } });
    expect(await linkStatus(t, shop.id, OTHER)).toBe('pending');
    expect(await api.post(`/v1/merchants/${shop.id}/review`, manager, { poiId: HOME, decision: 'return', reason: '重复' })).toMatchObject({ status: 400, message: MerchantMsg.notPending });
  });
});

describe('clerks', () => {
  it('the owner adds clerks by mobile (registered people only) and removes them; a clerk sees the shop, not the team', async () => {
    const shop = await newShop(t);
    const clerkMobile = freshMobile();
    expect(await api.post(`/v1/merchants/${shop.id}/clerks`, shop.token, { mobile: clerkMobile })).toMatchObject({ status: 400, message: MerchantReviewMsg.notRegistered });
    const clerk = await loginAs(t, clerkMobile);
    const added = await api.post(`/v1/merchants/${shop.id}/clerks`, shop.token, { mobile: clerkMobile });
    expect(added.status).toBe(200);
    expect(await api.post(`/v1/merchants/${shop.id}/clerks`, shop.token, { mobile: clerkMobile })).toMatchObject({ status: 400, message: MerchantMsg.clerkExists });
    expect((await api.get('/v1/merchants/mine', clerk)).data.shops).toEqual([expect.objectContaining({ id: shop.id, role: 'clerk' })]);
    const asClerk = await api.get(`/v1/merchants/${shop.id}/manage`, clerk);
    expect(asClerk.data).toMatchObject({ role: 'clerk', clerks: [] });
    const asOwner = await api.get(`/v1/merchants/${shop.id}/manage`, shop.token);
    expect(asOwner.data.clerks.map((c: { role: string; mobile: string }) => [c.role, c.mobile.includes('****')])).toEqual([
      ['owner', true],
      ['clerk', true],
    ]);
    // A clerk cannot add clerks; a stranger cannot see the shop centre.
    expect(await api.post(`/v1/merchants/${shop.id}/clerks`, clerk, { mobile: RESIDENT })).toMatchObject({ status: 403, message: MerchantMsg.ownerOnly });
    expect(await api.get(`/v1/merchants/${shop.id}/manage`, await loginAs(t, RESIDENT))).toMatchObject({ status: 403 });
    expect(await api.post(`/v1/merchants/${shop.id}/clerks/remove`, shop.token, { userId: added.data.userId })).toMatchObject({ status: 200, data: { removed: true } });
    expect((await api.get('/v1/merchants/mine', clerk)).data.shops).toEqual([]);
  });

  it(`at most ${MERCHANT_CLERKS_MAX} clerks`, async () => {
    const shop = await newShop(t);
    const people = await Promise.all(Array.from({ length: MERCHANT_CLERKS_MAX }, async () => (await newJoiner(t)).userId));
    await t.database.db.insert(merchantStaff).values(people.map((userId) => ({ merchantId: shop.id, userId, role: 'clerk' })));
    expect(await api.post(`/v1/merchants/${shop.id}/clerks`, shop.token, { mobile: RESIDENT })).toMatchObject({ status: 400, message: MerchantMsg.clerksFull });
  });
});

describe('residents', () => {
  it('list only shops approved in their community, with distance, hours and coupons; other communities refused', async () => {
    const approved = await newShop(t, { name: '望京果园', radiusM: 800 });
    await approveAll(t, approved.id);
    const waiting = await newShop(t, { name: '待审果园' });
    const now = t.clock.now();
    await t.database.db.insert(couponBatches).values({
      merchantId: approved.id,
      title: '满30减5',
      kind: 'cash',
      valueFen: 500,
      thresholdFen: 3000,
      total: 50,
      claimStartsAt: new Date(now.getTime() - 3_600_000),
      claimEndsAt: new Date(now.getTime() + 7 * 86_400_000),
      validDays: 7,
    });
    const resident = await newResident(t);
    const list = await api.get(`/v1/merchants?poiId=${HOME}&category=fruit`, resident.token);
    expect(list.status).toBe(200);
    const names = list.data.shops.map((s: { name: string }) => s.name);
    expect(names).toContain('望京果园');
    expect(names).not.toContain('待审果园');
    const card = list.data.shops.find((s: { id: string }) => s.id === approved.id);
    expect(card).toMatchObject({ hours: '08:00-22:00', coupons: 1, openNow: expect.any(Boolean) });
    expect(card.cover.url).toBe(`/v1/images/shop/${approved.id}/${card.cover.hash}`);
    expect((await api.get(`/v1/merchants?poiId=${HOME}&category=food`, resident.token)).data.shops.some((s: { id: string }) => s.id === approved.id)).toBe(false);
    // The public page: no owner, no licence photo.
    const page = await api.get(`/v1/merchants/${approved.id}?poiId=${HOME}`, resident.token);
    expect(page.data.shop).toMatchObject({ name: '望京果园', phone: '010-64701111', mine: false });
    expect(JSON.stringify(page.data)).not.toMatch(/licenceImage|owner/);
    expect(await api.get(`/v1/merchants/${waiting.id}?poiId=${HOME}`, resident.token)).toMatchObject({ status: 404, message: MerchantMsg.notFound });
    // A photo loads for the resident; the licence photo only for the shop and its reviewers.
    const licence = (await api.get(`/v1/merchants/${approved.id}/manage`, approved.token)).data.shop.licenceImage.url;
    const img = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: { token } }).then((r) => r.statusCode);
    expect(await img(card.cover.url, resident.token)).toBe(200);
    expect(await img(licence, resident.token)).toBe(404);
    expect(await img(licence, approved.token)).toBe(200);
    expect(await img(licence, await loginAs(t, MANAGER))).toBe(200);
    // Someone of another community only (a resident of 南湖西园) sees neither the list nor the page.
    const stranger = await newResident(t, 'DEMO000003');
    expect((await api.get(`/v1/merchants?poiId=${HOME}`, stranger.token)).status).toBe(403);
    expect((await api.get(`/v1/merchants/${approved.id}?poiId=${HOME}`, stranger.token)).status).toBe(403);
    expect((await api.get(`/v1/merchants/${approved.id}?poiId=DEMO000003`, stranger.token)).status).toBe(404);
    expect(await img(card.cover.url, stranger.token)).toBe(404);
  });
});
