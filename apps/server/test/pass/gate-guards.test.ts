import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_SKEW_STEPS, CODE_STEP_SECONDS, codeStepAt } from '@sq/contract/pass/code-steps';
import { signedPassCodeAt, type DeviceKey } from '@sq/contract/pass/signed-code';
import { freshMobile, idCard, poster, staffOf } from '../support/factories';
import { residentPhoneKey } from '../support/phone-keys';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Guards of the gate that a small slip in the code would open without any other test noticing
 * (issue 32 item 19: bugs planted in a copy went unseen).
 */
const HOME = 'DEMO000001';
const OTHER = 'DEMO000002';
let t: TestApp;
let post: ReturnType<typeof poster>;
let duty: string;
let manager: string;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  post = poster(t);
  [duty, manager] = [await t.login('13800000003'), await t.login('13800000002')];
});
afterAll(() => t.close());

/** A resident of `poiId` with an approved pass and a phone key of their own. */
async function holder(poiId: string, by: string): Promise<{ token: string; phone: DeviceKey; id: string; mobile: string; card: string }> {
  const mobile = freshMobile();
  const card = idCard();
  const made = await post('/v1/userCard', by, { poiId, name: '守门测试', mobile, card, owner: '业主', address: '2号楼', isReturn: 0, import: 1 });
  expect(made.status).toBe(200);
  const token = await t.login(mobile);
  return { token, phone: await residentPhoneKey(t, token, poiId), id: made.body.data._id as string, mobile, card };
}
const stepNow = () => codeStepAt(t.clock.now().getTime());

describe('the gate’s guards', () => {
  it('refuses staff who name their own community with another community’s registration – 404, nothing of it shown or changed', async () => {
    const otherManager = await staffOf(t, OTHER, 1);
    const elsewhere = await holder(OTHER, otherManager);
    for (const [url, body] of [
      ['/v1/userCard/userInfo', { poiId: HOME, _id: elsewhere.id }],
      ['/v1/userCard/verify', { poiId: HOME, _id: elsewhere.id, status: -1, reason: '信息有误' }],
    ] as const) {
      const res = await post(url, manager, body);
      expect(res.body, url).toMatchObject({ code: 404, data: null });
      expect(JSON.stringify(res.body)).not.toContain(elsewhere.mobile);
      expect(JSON.stringify(res.body)).not.toContain(elsewhere.card);
    }
    // Still approved in its own community.
    const own = await post('/v1/userCard/userInfo', otherManager, { poiId: OTHER, _id: elsewhere.id });
    expect(own.body.data.userCard).toMatchObject({ status: 1, mobile: elsewhere.mobile });
  });

  it('spends the codes two steps ahead with a use: a second person with the next codes is refused, the one after opens', async () => {
    const { phone } = await holder(HOME, manager);
    const s = stepNow();
    expect((await post('/v1/gate/scan', duty, { poiId: HOME, code: signedPassCodeAt(phone, 2, s), pass: 2 })).status).toBe(200);
    // Codes up to two steps ahead are what the gate would still take around that moment: spent.
    for (let ahead = 1; ahead <= 2 * CODE_SKEW_STEPS; ahead++) {
      t.clock.advance(CODE_STEP_SECONDS * 1000);
      expect((await post('/v1/gate/scan', duty, { poiId: HOME, code: signedPassCodeAt(phone, 2, s + ahead), pass: 2 })).body.message, `step +${ahead}`).toBe('该通行码已使用，请让对方刷新通行证');
    }
    t.clock.advance(CODE_STEP_SECONDS * 1000);
    expect((await post('/v1/gate/scan', duty, { poiId: HOME, code: signedPassCodeAt(phone, 2, s + 2 * CODE_SKEW_STEPS + 1), pass: 2 })).status).toBe(200);
  });

  it('marks an offline use as a conflict within two steps of another use of the pass, not beyond', async () => {
    const { phone } = await holder(HOME, manager);
    const kit = (await t.app.inject({ method: 'GET', url: `/v1/gate/offlineKit?poiId=${HOME}`, headers: { token: duty } })).json().data.kitId as string;
    t.clock.advance(10 * CODE_STEP_SECONDS * 1000);
    const base = t.clock.now().getTime() - 8 * CODE_STEP_SECONDS * 1000;
    const at = (steps: number) => base + steps * CODE_STEP_SECONDS * 1000;
    const send = (steps: number) =>
      post('/v1/gate/offlineScans', duty, { poiId: HOME, scans: [{ code: signedPassCodeAt(phone, 2, codeStepAt(at(steps))), pass: 2, at: at(steps), kit }] });
    expect((await send(0)).body.data.results[0].result).toBe('logged');
    expect((await send(2 * CODE_SKEW_STEPS)).body.data.results[0].result).toBe('conflict');
    expect((await send(2 * CODE_SKEW_STEPS + 3)).body.data.results[0].result).toBe('logged');
  });
});
