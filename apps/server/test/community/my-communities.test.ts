import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUnit, newCommunity } from '../polls/owners-helpers';
import { freshMobile, idCard, poster } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * A resident's pass must not live only in the first phone's local storage: the account itself
 * says where it belongs (issue 32 item 13), whichever phone logs in.
 */
const HOME = 'DEMO000001';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

const mine = async (token: string | null) => {
  const res = await t.app.inject({ method: 'GET', url: '/v1/mobile/community/mine', headers: token ? { token } : {} });
  return { status: res.statusCode, body: res.json() };
};

describe('GET /v1/mobile/community/mine', () => {
  it('finds the registration staff entered for a mobile at its first login, on any phone', async () => {
    const manager = await t.login('13800000002');
    const mobile = freshMobile();
    const entered = await poster(t)('/v1/userCard', manager, { poiId: HOME, name: '新手机', mobile, card: idCard(), owner: '业主', address: '3号楼', isReturn: 0, import: 1 });
    expect(entered.status).toBe(200);
    // First login ever, on a phone that never chose a community: userInfo knows no community …
    const token = await t.login(mobile);
    const info = await poster(t)('/v1/mobile/community/userInfo', token);
    expect(info.body.data.community).toBe('');
    // … but the account's registration is found.
    const found = await mine(token);
    expect(found.status).toBe(200);
    expect(found.body.data.communities).toEqual([{ poiId: HOME, community: expect.any(String), pass: 1, revoked: false, home: false, staff: false }]);
    // A second phone (another session) finds the same.
    expect((await mine(await t.login(mobile))).body.data).toEqual(found.body.data);
  });

  it('lists every community of a person with a pass, a home and a staff role, approved passes first', async () => {
    const other = await newCommunity(t);
    const mobile = freshMobile();
    // A home in the other community's register, and a pending registration of their own here.
    await addUnit(t, other.manager, other.poiId, { room: '101', area: 88.5, mobiles: [mobile] });
    const token = await t.login(mobile);
    const submitted = await poster(t)('/v1/userCard', token, { poiId: HOME, name: '两处', mobile, card: idCard(), owner: '业主', address: '5号楼', isReturn: 0 });
    expect(submitted.status).toBe(200);
    expect((await mine(token)).body.data.communities.map((c: { poiId: string; pass: number | null; home: boolean }) => [c.poiId, c.pass, c.home])).toEqual([
      [HOME, 0, false],
      [other.poiId, null, true],
    ]);
    // Duty staff of a community find it too.
    const duty = (await mine(await t.login('13800000003'))).body.data.communities;
    expect(duty).toContainEqual(expect.objectContaining({ poiId: HOME, staff: true }));
  });

  it('answers nothing for a person who belongs nowhere, 423 without a token, and shows nobody else’s', async () => {
    expect((await mine(await t.login(freshMobile()))).body.data.communities).toEqual([]);
    expect((await mine(null)).status).toBe(423);
    // The demo resident sees their own community only: nothing of the mobiles in other communities.
    const resident = (await mine(await t.login('13800000004'))).body.data.communities;
    expect(resident.map((c: { poiId: string }) => c.poiId)).toEqual([HOME]);
  });
});
