import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, beijingDate } from '@sq/contract/beijing-time';
import { RETURN_REASONS } from '@sq/contract/pass/review-reasons';
import { freshMobile, idCard, poster } from '../support/factories';
import { tableDump } from '../support/table-dump';
import { createTestApp, type TestApp } from '../support/test-app';

const HOME = 'DEMO000001';
let t: TestApp;
let post: ReturnType<typeof poster>;
let manager: string;
let duty: string;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  post = poster(t);
  [manager, duty] = [await t.login('13800000002'), await t.login('13800000003')];
});
afterAll(() => t.close());

async function registered(extra: object = {}) {
  const mobile = freshMobile();
  const token = await t.login(mobile);
  const { body } = await post('/v1/userCard', token, { poiId: HOME, name: '待审者', mobile, card: idCard(), owner: '业主', address: '1号楼', isReturn: 0, ...extra });
  return { token, id: body.data._id as string };
}
const profile = async (token: string) => (await post('/v1/userCard/userProfile', token, { poiId: HOME })).body.data;
const myCode = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: `/v1/userCard/my?poiId=${HOME}&pass=1`, headers: { token } })).json().data.userCard.code as string;

describe('sending back with a reason', () => {
  it('tells the person why, keeps it in the history, and clears it when they submit again', async () => {
    const { token, id } = await registered();
    const reason = RETURN_REASONS[3];
    expect((await post('/v1/userCard/verify', manager, { poiId: HOME, _id: id, status: -1, reason })).status).toBe(200);
    expect((await profile(token)).userCard).toMatchObject({ status: -1, returnReason: reason, revoked: false });
    expect((await t.app.inject({ method: 'GET', url: `/v1/userCard/my?poiId=${HOME}&pass=1`, headers: { token } })).json().data.userCard).toMatchObject({ ptype: -1, revoked: false });
    const detail = (await post('/v1/userCard/userInfo', manager, { poiId: HOME, _id: id })).body.data.userCard;
    expect(detail.reviews.at(-1)).toMatchObject({ from: 0, to: -1, reason });

    const resubmitted = await post('/v1/userCard', token, { poiId: HOME, name: '待审者', mobile: (await profile(token)).userCard.mobile, card: (await profile(token)).userCard.card, owner: '业主', address: '1号楼2单元301', isReturn: 0 });
    expect(resubmitted.status).toBe(200);
    expect((await profile(token)).userCard).toMatchObject({ status: 0, returnReason: '' });
  });

  it('still takes a send-back without a reason (older clients), and refuses one too long, changing nothing', async () => {
    const { token, id } = await registered();
    const before = await tableDump(t.database.db, ['registrations', 'registration_reviews']);
    const long = await post('/v1/userCard/verify', manager, { poiId: HOME, _id: id, status: -1, reason: '原'.repeat(101) });
    expect(long.body).toEqual({ code: 400, message: '退回原因请不超过100字', data: null });
    expect(await tableDump(t.database.db, ['registrations', 'registration_reviews'])).toEqual(before);
    expect((await post('/v1/userCard/verify', manager, { poiId: HOME, _id: id, status: -1 })).status).toBe(200);
    expect((await profile(token)).userCard).toMatchObject({ status: -1, returnReason: '' });
  });

  it('keeps a revocation’s reason, and no reason on an approval', async () => {
    const { token, id } = await registered();
    await post('/v1/userCard/verify', manager, { poiId: HOME, _id: id, status: 1, reason: '不该留下' });
    expect((await profile(token)).userCard.returnReason).toBe('');
    t.clock.advance(60_000);
    await post('/v1/userCard/verify', manager, { poiId: HOME, _id: id, status: -1, reason: '已搬离本小区' });
    expect((await profile(token)).userCard).toMatchObject({ status: -1, returnReason: '已搬离本小区', revoked: true });
    const pass = (await t.app.inject({ method: 'GET', url: `/v1/userCard/my?poiId=${HOME}&pass=1`, headers: { token } })).json().data.userCard;
    expect(pass).toMatchObject({ ptype: -1, revoked: true, code: '' });
    // Staff lists tell a revoked pass apart from a registration sent back in review.
    const listed = (await post('/v1/userCard/list', manager, { poiId: HOME, status: -1, keyword: '' })).body.data.userCards;
    expect(listed.find((c: { _id: string }) => c._id === id)).toMatchObject({ status: -1, revoked: true });
    const reviews = (await post('/v1/userCard/userInfo', manager, { poiId: HOME, _id: id })).body.data.userCard.reviews;
    expect(reviews.map((r: { to: number; reason: string }) => [r.to, r.reason])).toEqual([
      [1, ''],
      [-1, '已搬离本小区'],
    ]);
    // The account's list of communities (home page, a new phone) says it too.
    const mine = (await t.app.inject({ method: 'GET', url: '/v1/mobile/community/mine', headers: { token } })).json().data.communities;
    expect(mine.find((c: { poiId: string }) => c.poiId === HOME)).toMatchObject({ pass: -1, revoked: true });
    // Submitting again is a new review round: no longer revoked.
    const again = await profile(token);
    expect((await post('/v1/userCard', token, { poiId: HOME, name: '待审者', mobile: again.userCard.mobile, card: again.userCard.card, owner: '业主', address: '1号楼', isReturn: 0 })).status).toBe(200);
    expect((await profile(token)).userCard).toMatchObject({ status: 0, revoked: false });
  });
});

describe('what the gate scan tells the duty staff', () => {
  it('flags a person back in the city within 14 days, with the days', async () => {
    const today = beijingDate(t.clock.now());
    const { token, id } = await registered({ isReturn: 1, return_date: addDays(today, -5), wuhan: '上海' });
    await post('/v1/userCard/verify', manager, { poiId: HOME, _id: id, status: 1 });
    const scan = (await post('/v1/userCard/userInfo', duty, { poiId: HOME, code: await myCode(token) })).body.data.scan;
    expect(scan).toMatchObject({ ptype: -3, backDay: 5, repeat: false });
  });

  it('says when the same scanner opened the code again, without logging twice', async () => {
    const { token, id } = await registered();
    await post('/v1/userCard/verify', manager, { poiId: HOME, _id: id, status: 1 });
    const code = await myCode(token);
    const first = (await post('/v1/userCard/userInfo', duty, { poiId: HOME, code })).body.data.scan;
    const again = (await post('/v1/userCard/userInfo', duty, { poiId: HOME, code })).body.data.scan;
    expect([first.repeat, first.ptype, again.repeat, again.at]).toEqual([false, 1, true, first.at]);
  });
});
