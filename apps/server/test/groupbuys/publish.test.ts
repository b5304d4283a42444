import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupBuyMsg } from '@sq/contract/groupbuys/group-buy-rules';
import { staffOf } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { newShop } from '../coupons/coupon-helpers';
import { api as apiOf, approvedLeader, buyForm, countOf, HOME, newJoiner, newResident, OTHER, publish } from './group-buy-helpers';

let t: TestApp;
let api: ReturnType<typeof apiOf>;
beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { LOG_LEVEL: 'warn' } });
  api = apiOf(t);
});
afterAll(() => t.close());

const written = async () => (await countOf(t, 'select count(*) as n from group_buys')) + (await countOf(t, 'select count(*) as n from group_buy_items'));

describe('publishing a group buy', () => {
  it('an approved 团长 publishes; residents see it on sale with price from, stock and 成团 progress', async () => {
    const leader = await approvedLeader(t);
    const g = await publish(t, leader.token, buyForm(t, { leaderId: leader.leaderId }));
    const resident = await newResident(t);
    const list = await api.get(`/v1/group-buys?poiId=${HOME}`, resident.token);
    expect(list.data.groupBuys.find((c: { id: string }) => c.id === g.id)).toMatchObject({
      state: 'selling',
      priceFromFen: 2500,
      stock: 70,
      sold: 0,
      buyers: 0,
      minOrders: 2,
      seller: { kind: 'leader', name: '3号楼王姐' },
      commissionBp: 1000,
    });
    const page = await api.get(`/v1/group-buys/${g.id}`, resident.token);
    expect(page.data.groupBuy.items.map((i: { name: string; priceFen: number }) => [i.name, i.priceFen])).toEqual([
      ['水蜜桃', 3990],
      ['黄桃', 2500],
    ]);
    expect(page.data.groupBuy.creditedLeader).toMatchObject({ id: leader.leaderId, name: '3号楼王姐' });
    // Not for another community's readers.
    const stranger = await newJoiner(t, OTHER);
    expect((await api.get(`/v1/group-buys/${g.id}`, stranger.token)).status).toBe(403);
    expect((await api.get(`/v1/group-buys?poiId=${HOME}`, stranger.token)).status).toBe(403);
  });

  it("a shop's owner publishes where the shop is approved, not elsewhere; a clerk cannot", async () => {
    const shop = await newShop(t, { approvedIn: [HOME], pendingIn: [OTHER] });
    const g = await publish(t, shop.owner.token, buyForm(t, { merchantId: shop.id }, { commissionBp: 0 }));
    expect(g.id).toBeTruthy();
    const before = await written();
    const elsewhere = await api.post('/v1/group-buys', shop.owner.token, buyForm(t, { merchantId: shop.id }, { poiId: OTHER }));
    expect([elsewhere.status, elsewhere.message]).toEqual([403, GroupBuyMsg.shopNotHere]);
    expect((await api.post('/v1/group-buys', shop.clerk.token, buyForm(t, { merchantId: shop.id }))).status).toBe(403);
    expect(await written()).toBe(before);
  });

  it('refuses people who are not approved leaders, and another community', async () => {
    const leader = await approvedLeader(t);
    const before = await written();
    const resident = await newResident(t);
    expect(await api.post('/v1/group-buys', resident.token, buyForm(t, { leaderId: leader.leaderId })).then((r) => [r.status, r.message])).toEqual([403, GroupBuyMsg.notLeader]);
    expect(await api.post('/v1/group-buys', leader.token, buyForm(t, { leaderId: leader.leaderId }, { poiId: OTHER })).then((r) => [r.status, r.message])).toEqual([403, GroupBuyMsg.notLeader]);
    expect((await api.post('/v1/group-buys', leader.token, buyForm(t, {}))).message).toBe(GroupBuyMsg.seller);
    expect(await written()).toBe(before);
  });

  it('refuses bad forms in Chinese words of their own, writing nothing', async () => {
    const leader = await approvedLeader(t);
    const me = { leaderId: leader.leaderId };
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const item = { name: '水蜜桃', spec: '', photo: null, priceFen: 100, stock: 10 };
    const before = await written();
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, GroupBuyMsg.title],
      [{ items: [] }, GroupBuyMsg.items],
      [{ items: [{ ...item, priceFen: 0 }] }, GroupBuyMsg.price],
      [{ items: [{ ...item, priceFen: 12.5 }] }, GroupBuyMsg.price],
      [{ items: [{ ...item, stock: 0 }] }, GroupBuyMsg.stock],
      [{ items: [{ ...item, name: '' }] }, GroupBuyMsg.itemName],
      [{ perPersonLimit: 0 }, GroupBuyMsg.perPersonLimit],
      [{ minOrders: 0 }, GroupBuyMsg.minOrders],
      [{ commissionBp: 5001 }, GroupBuyMsg.commission],
      [{ opensAt: now + 100, closesAt: now + 50 }, GroupBuyMsg.windowOrder],
      [{ opensAt: now - 7200, closesAt: now - 3600 }, GroupBuyMsg.windowPast],
      [{ closesAt: now + 40 * 86_400, pickupFrom: now + 41 * 86_400, pickupUntil: now + 42 * 86_400 }, GroupBuyMsg.windowLong],
      [{ pickupFrom: now + 3600 }, GroupBuyMsg.pickupAfterClose],
      [{ pickupUntil: now + 86_400 * 2 - 1 }, GroupBuyMsg.pickupOrder],
      [{ pickupPoint: '' }, GroupBuyMsg.pickupPoint],
      [{ photos: ['A'.repeat(43)] }, GroupBuyMsg.photo],
    ];
    for (const [over, message] of cases) {
      const res = await api.post('/v1/group-buys', leader.token, buyForm(t, me, over));
      expect([res.status, res.message], JSON.stringify(over)).toEqual([400, message]);
    }
    expect(await written()).toBe(before);
  });

  it("passes the community's content check: a banned word refuses, an ID number is masked", async () => {
    const leader = await approvedLeader(t);
    const manager = await staffOf(t, HOME, 1);
    expect((await api.post('/v1/manage/content/settings', manager, { poiId: HOME, keywords: ['团购违禁词'], links: 'allow' })).status).toBe(200);
    const before = await written();
    const banned = await api.post('/v1/group-buys', leader.token, buyForm(t, { leaderId: leader.leaderId }, { intro: '本次有团购违禁词' }));
    expect([banned.status, banned.message]).toEqual([400, GroupBuyMsg.bannedWords(['团购违禁词'])]);
    expect(await written()).toBe(before);
    const ok = await publish(t, leader.token, buyForm(t, { leaderId: leader.leaderId }, { intro: '联系人身份证 110101199003078515' }));
    const page = await api.get(`/v1/group-buys/${ok.id}`, leader.token);
    expect(page.data.groupBuy.intro).not.toContain('110101199003078515');
  });
});
