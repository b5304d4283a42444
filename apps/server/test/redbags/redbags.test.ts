import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CouponMsg } from '@sq/contract/coupons/coupon-rules';
import { RedbagMsg } from '@sq/contract/redbags/redbag-rules';
import { couponBatches, coupons, redbagCampaigns, redbags, redbagShares } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/test-app';
import { boardApi, countOf, HOME, newResident, OTHER } from '../board/board-helpers';
import { campaignForm, insertShop, newCampaign } from './redbag-helpers';

let t: TestApp;
let api: ReturnType<typeof boardApi>;
let owner: Awaited<ReturnType<typeof newResident>>;
let shop: string;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  api = boardApi(t);
  owner = await newResident(t);
  shop = await insertShop(t, owner.userId);
});
afterAll(() => t.close());

const start = (token: string, campaignId: string, poiId = HOME) => api.post('/v1/redbags/start', token, { campaignId, poiId });
const open = (token: string, id: string, poiId = HOME) => api.post(`/v1/redbags/${id}/open`, token, { poiId });

describe('a shop owner funds a red-packet campaign', () => {
  it('creates the campaign and its redbag coupon batch (packets × shares cash coupons) and lists it with packets started and shares opened', async () => {
    const res = await api.post(`/v1/merchants/${shop}/redbags`, owner.token, campaignForm(t, { packets: 3, shares: 4, packetFen: 888, thresholdFen: 5000 }));
    expect(res.status).toBe(200);
    const [batch] = await t.database.db.select().from(couponBatches).where(eq(couponBatches.id, res.data.campaign.batchId));
    expect(batch).toMatchObject({ channel: 'redbag', kind: 'cash', total: 12, claimed: 0, thresholdFen: 5000, validDays: 7, communities: [HOME] });
    const sharer = await newResident(t);
    const started = await start(sharer.token, res.data.campaign.id);
    expect(started.status).toBe(200);
    const list = await api.get(`/v1/merchants/${shop}/redbags`, owner.token);
    expect(list.data.campaigns[0]).toMatchObject({ id: res.data.campaign.id, packets: 3, packetsStarted: 1, sharesOpened: 1 });
    expect(list.data.communities.map((c: { poiId: string }) => c.poiId)).toEqual([HOME]);
  });

  it('refuses bad forms in Chinese and writes nothing', async () => {
    const before = await countOf(t, 'select count(*) n from redbag_campaigns');
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, RedbagMsg.title],
      [{ shares: 1 }, RedbagMsg.shares],
      [{ shares: 101 }, RedbagMsg.shares],
      [{ packetFen: 9, shares: 10 }, RedbagMsg.packetTooSmall],
      [{ packetFen: 10.5 }, RedbagMsg.packet],
      [{ packets: 0 }, RedbagMsg.packets],
      [{ validDays: 0 }, RedbagMsg.validDays],
      [{ thresholdFen: 100 }, RedbagMsg.shareOverThreshold],
      [{ communities: [OTHER] }, RedbagMsg.communities],
      [{ communities: [] }, RedbagMsg.communities],
      [{ endsAt: 1 }, RedbagMsg.window],
      // A title with a word of the maintained list (as every shop text, checked in each community it reaches).
      [{ title: '代开发票红包' }, CouponMsg.bannedWords(['代开发票'])],
    ];
    for (const [over, message] of cases) expect(await api.post(`/v1/merchants/${shop}/redbags`, owner.token, campaignForm(t, over))).toMatchObject({ status: 400, message });
    expect(await countOf(t, 'select count(*) n from redbag_campaigns')).toBe(before);
  });

  it('refuses a clerk, another shop\'s owner and a resident (403), and writes nothing', async () => {
    const before = await countOf(t, 'select count(*) n from redbag_campaigns');
    const stranger = await newResident(t);
    await insertShop(t, stranger.userId);
    expect((await api.post(`/v1/merchants/${shop}/redbags`, stranger.token, campaignForm(t))).status).toBe(403);
    expect((await api.get(`/v1/merchants/${shop}/redbags`, stranger.token)).status).toBe(403);
    expect(await countOf(t, 'select count(*) n from redbag_campaigns')).toBe(before);
  });
});

describe('residents start and open packets', () => {
  it('20 parallel opens of a packet of 10: exactly 10 shares (the starter\'s first), adding up to the packet; the rest are told it is empty', async () => {
    const campaign = await newCampaign(t, owner.token, shop, { packetFen: 1000, shares: 10 });
    const sharer = await newResident(t);
    const first = await start(sharer.token, campaign);
    expect(first.status).toBe(200);
    expect(first.data.amountFen).toBeGreaterThanOrEqual(1);
    const people = await Promise.all(Array.from({ length: 20 }, () => newResident(t)));
    const answers = await Promise.all(people.map((p) => open(p.token, first.data.redbagId)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(9);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(11);
    expect(refused.every((a) => a.status === 409 && a.message === RedbagMsg.empty)).toBe(true);
    const shares = await t.database.db.select().from(redbagShares).where(eq(redbagShares.redbagId, first.data.redbagId));
    expect(shares).toHaveLength(10);
    expect(shares.reduce((s, x) => s + x.amountFen, 0)).toBe(1000);
    expect(shares.every((x) => x.amountFen >= 1)).toBe(true);
    const given = await t.database.db.select().from(coupons).where(eq(coupons.batchId, (await t.database.db.select().from(redbagCampaigns).where(eq(redbagCampaigns.id, campaign)))[0]!.batchId));
    expect(given).toHaveLength(10);
    expect(given.reduce((s, c) => s + (c.valueFen ?? 0), 0)).toBe(1000);
    const [bag] = await t.database.db.select().from(redbags).where(eq(redbags.id, first.data.redbagId));
    expect(bag!.opened).toBe(10);
    // The sharer sees who opened it: screen names and amounts only, and was told nine times.
    const page = await api.get(`/v1/redbags/${first.data.redbagId}/share`, sharer.token);
    expect(page.data.openers).toHaveLength(10);
    expect(Object.keys(page.data.openers[0]).sort()).toEqual(['amountFen', 'me', 'name', 'openedAt']);
    expect(await countOf(t, `select count(*) n from notifications where kind = 'redbagOpened' and user_id = '${sharer.userId}'`)).toBe(9);
  });

  it('one share per person per packet, one packet per person per campaign; coupons valid to the end of the last Beijing day', async () => {
    const campaign = await newCampaign(t, owner.token, shop, { validDays: 3 });
    const sharer = await newResident(t);
    const first = await start(sharer.token, campaign);
    expect(await start(sharer.token, campaign)).toMatchObject({ status: 409, message: RedbagMsg.alreadyStarted });
    expect(await open(sharer.token, first.data.redbagId)).toMatchObject({ status: 409, message: RedbagMsg.alreadyOpened });
    const friend = await newResident(t);
    const got = await open(friend.token, first.data.redbagId);
    expect(got.status).toBe(200);
    expect(await open(friend.token, first.data.redbagId)).toMatchObject({ status: 409, message: RedbagMsg.alreadyOpened });
    const [coupon] = await t.database.db.select().from(coupons).where(eq(coupons.id, got.data.couponId));
    expect(coupon).toMatchObject({ userId: friend.userId, valueFen: got.data.amountFen, status: 'unused', poiId: HOME });
    const validUntil = coupon!.validUntil.getTime();
    const todayBeijing = new Date(t.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    // The Beijing midnight that ends its third day (as every claimed coupon's, coupons/resident-service).
    expect(validUntil).toBe(Date.parse(`${todayBeijing}T00:00:00+08:00`) + 3 * 86_400_000);
    const view = await api.get(`/v1/redbags/${first.data.redbagId}?poiId=${HOME}`, friend.token);
    expect(view.data).toMatchObject({ opened: 2, shares: 10, isSharer: false, mine: { amountFen: got.data.amountFen } });
    expect(view.data.sharer).not.toBe('');
    // Only the sharer reads who opened it.
    expect(await api.get(`/v1/redbags/${first.data.redbagId}/share`, friend.token)).toMatchObject({ status: 403, message: RedbagMsg.notSharer });
  });

  it('refuses people of a community the campaign does not serve, and people who only joined; nothing written', async () => {
    const campaign = await newCampaign(t, owner.token, shop);
    const sharer = await newResident(t);
    const first = await start(sharer.token, campaign);
    const other = await newResident(t, OTHER);
    const before = await countOf(t, 'select count(*) n from redbag_shares');
    expect(await open(other.token, first.data.redbagId, OTHER)).toMatchObject({ status: 403, message: RedbagMsg.notServed });
    expect(await open(other.token, first.data.redbagId, HOME)).toMatchObject({ status: 403, message: RedbagMsg.notMember });
    expect(await start(other.token, campaign, OTHER)).toMatchObject({ status: 403, message: RedbagMsg.notServed });
    expect((await api.get(`/v1/redbags/${first.data.redbagId}?poiId=${OTHER}`, other.token)).status).toBe(403);
    expect(await countOf(t, 'select count(*) n from redbag_shares')).toBe(before);
    expect((await api.get(`/v1/redbags?poiId=${OTHER}`, other.token)).data.campaigns.map((c: { id: string }) => c.id)).not.toContain(campaign);
  });

  it('never starts more packets than the campaign has, also in a rush', async () => {
    const campaign = await newCampaign(t, owner.token, shop, { packets: 3 });
    const people = await Promise.all(Array.from({ length: 8 }, () => newResident(t)));
    const answers = await Promise.all(people.map((p) => start(p.token, campaign)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 409 && a.message === RedbagMsg.allStarted)).toHaveLength(5);
    expect(await countOf(t, `select count(*) n from redbags where campaign_id = '${campaign}'`)).toBe(3);
    const list = await api.get(`/v1/redbags?poiId=${HOME}`, people[0]!.token);
    expect(list.data.campaigns.find((c: { id: string }) => c.id === campaign)).toMatchObject({ left: 0 });
  });

  it('refuses before the start and after the end', async () => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const later = await newCampaign(t, owner.token, shop, { startsAt: now + 3600, endsAt: now + 7200 });
    expect(await start((await newResident(t)).token, later)).toMatchObject({ status: 400, message: RedbagMsg.notStarted });
    t.clock.advance(3 * 3_600_000);
    expect(await start((await newResident(t)).token, later)).toMatchObject({ status: 400, message: RedbagMsg.ended });
  });
});
