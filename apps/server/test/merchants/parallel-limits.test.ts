import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newHolderKeyPair } from '@sq/contract/codes/holder-code';
import { HOLDER_KEYS_PER_USER } from '@sq/contract/codes/holder-keys';
import { MERCHANT_CLERKS_MAX, MerchantMsg } from '@sq/contract/merchants/merchant-rules';
import { POINTS_FOR } from '@sq/contract/levels/level-rules';
import { Msg } from '@sq/contract/messages';
import { RedbagMsg } from '@sq/contract/redbags/redbag-rules';
import { merchantStaff } from '../../src/db/schema';
import { boardApi, newPost, newPoster } from '../board/board-helpers';
import { insertShop, newCampaign } from '../redbags/redbag-helpers';
import { createTestApp, type TestApp } from '../support/test-app';
import { countOf, HOME, loginAs, MANAGER, newJoiner, newResident, newShop, shopForm } from './merchant-helpers';

/**
 * 周边商家's per-person and per-shop limits under a burst of the same request (a double tap, a
 * retrying network, a script): 50 at once must give what one gives – never a second application,
 * a 21st clerk, a fourth active key, a second share of one packet, or points twice for one deed.
 */
let t: TestApp;
let api: ReturnType<typeof boardApi>;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  api = boardApi(t);
});
afterAll(() => t.close());

const BURST = 50;
const burst = <T>(send: (i: number) => Promise<T>) => Promise.all(Array.from({ length: BURST }, (_, i) => send(i)));

describe(`${BURST} parallel requests keep each limit`, () => {
  it('one application per owner', async () => {
    const owner = await newJoiner(t);
    const form = await shopForm(t, owner.token);
    const answers = await burst(() => api.post('/v1/merchants', owner.token, form));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    // The rest are refused, or – while the first holds the owner's turn and the pool is busy –
    // told to try again (503, nothing written), whose retry is then refused.
    const refused = answers.filter((a) => a.status !== 200).map((a) => [a.status, a.message]);
    expect(refused.filter(([s, m]) => !(s === 400 && m === MerchantMsg.alreadyApplied) && !(s === 503 && m === Msg.busy))).toEqual([]);
    expect(await api.post('/v1/merchants', owner.token, form)).toMatchObject({ status: 400, message: MerchantMsg.alreadyApplied });
    expect(await countOf(t, `select count(*) n from merchants where owner_id = '${owner.userId}'`)).toBe(1);
  });

  it(`at most ${MERCHANT_CLERKS_MAX} clerks per shop`, async () => {
    const shop = await newShop(t);
    const already = await Promise.all(Array.from({ length: MERCHANT_CLERKS_MAX - 3 }, async () => (await newJoiner(t)).userId));
    await t.database.db.insert(merchantStaff).values(already.map((userId) => ({ merchantId: shop.id, userId, role: 'clerk' })));
    const people = await Promise.all(Array.from({ length: BURST }, () => newJoiner(t)));
    const answers = await burst((i) => api.post(`/v1/merchants/${shop.id}/clerks`, shop.token, { mobile: people[i]!.mobile }));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 400 && a.message === MerchantMsg.clerksFull)).toBe(true);
    expect(await countOf(t, `select count(*) n from merchant_staff where merchant_id = '${shop.id}' and role = 'clerk'`)).toBe(MERCHANT_CLERKS_MAX);
  });

  it(`at most ${HOLDER_KEYS_PER_USER} active holder keys per person, each numbered once`, async () => {
    const person = await newResident(t);
    const answers = await burst(() => api.post('/v1/holderKeys', person.token, { publicKey: newHolderKeyPair().publicKey }));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const kids = answers.map((a) => a.data.kid as number).sort((a, b) => a - b);
    expect(kids).toEqual(Array.from({ length: BURST }, (_, i) => i + 1));
    expect(await countOf(t, `select count(*) n from holder_keys where user_id = '${person.userId}' and revoked_at is null`)).toBe(HOLDER_KEYS_PER_USER);
    // The keys left are the newest: the phones that registered last keep working.
    expect(await countOf(t, `select count(*) n from holder_keys where user_id = '${person.userId}' and revoked_at is null and kid > ${BURST - HOLDER_KEYS_PER_USER}`)).toBe(HOLDER_KEYS_PER_USER);
  });

  it('one share of a packet per person', async () => {
    const owner = await newResident(t);
    const shop = await insertShop(t, owner.userId);
    const campaign = await newCampaign(t, owner.token, shop, { packetFen: 1000, shares: 10 });
    const sharer = await newResident(t);
    const first = await api.post('/v1/redbags/start', sharer.token, { campaignId: campaign, poiId: HOME });
    const friend = await newResident(t);
    const answers = await burst(() => api.post(`/v1/redbags/${first.data.redbagId}/open`, friend.token, { poiId: HOME }));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409 && a.message === RedbagMsg.alreadyOpened)).toBe(true);
    expect(await countOf(t, `select count(*) n from redbag_shares where redbag_id = '${first.data.redbagId}' and user_id = '${friend.userId}'`)).toBe(1);
    expect(await countOf(t, `select count(*) n from coupons where user_id = '${friend.userId}'`)).toBe(1);
  });

  it('points once per source: a post marked useful by 50 taps', async () => {
    const author = await newPoster(t);
    const post = await newPost(t, author.token);
    const manager = await loginAs(t, MANAGER);
    const answers = await burst(() => api.post('/v1/manage/board/useful', manager, { poiId: HOME, id: post }));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.data.usefulAt)).size).toBe(1);
    expect(await countOf(t, `select coalesce(sum(points), 0) n from member_points where user_id = '${author.userId}'`)).toBe(POINTS_FOR.postUseful.points);
    expect(await countOf(t, `select count(*) n from audit_log where action = 'board.useful' and subject_id = '${post}'`)).toBe(1);
  });
});
