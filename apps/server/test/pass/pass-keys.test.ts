import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passKeys } from '../../src/db/schema';
import { codeStepAt } from '@sq/contract/pass/code-steps';
import { PASS_KEYS_PER_PASS, PassKeyMsg } from '@sq/contract/pass/register-pass-key';
import { newDeviceKeyPair, signedPassCodeAt } from '@sq/contract/pass/signed-code';
import { freshMobile, idCard, poster } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * A phone's own signing key for its pass (issue 32 item 2): the phone makes the key pair, the
 * server takes the public half only (POST /v1/userCard/passKey) and numbers it.
 */
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

async function passHolder() {
  const mobile = freshMobile();
  expect((await post('/v1/userCard', manager, { poiId: HOME, name: '密钥测试', mobile, card: idCard(), owner: '业主', address: '1号楼', isReturn: 0, import: 1 })).status).toBe(200);
  return t.login(mobile);
}
const register = (token: string, publicKey: unknown, poiId = HOME) => post('/v1/userCard/passKey', token, { poiId, publicKey });
const codeKeyOf = async (token: string) => (await t.app.inject({ method: 'GET', url: `/v1/userCard/my?poiId=${HOME}&pass=1`, headers: { token } })).json().data.userCard.codeKey;

describe('POST /v1/userCard/passKey', () => {
  it('numbers a phone’s key, lists it on the pass, and opens the gate with the phone’s signed code', async () => {
    const person = await passHolder();
    const pair = newDeviceKeyPair();
    const res = await register(person, pair.publicKey);
    expect(res.body).toEqual({ code: 200, message: expect.any(String), data: { kid: 1 } });
    const key = await codeKeyOf(person);
    expect(key.kids).toEqual([1]);
    const code = signedPassCodeAt({ id: key.id, kid: 1, privateKey: pair.privateKey }, 1, codeStepAt(t.clock.now().getTime()));
    expect((await post('/v1/gate/scan', duty, { poiId: HOME, code, pass: 1 })).status).toBe(200);
    // The server keeps only the public half.
    const stored = await t.database.db.select().from(passKeys).where(eq(passKeys.publicKey, pair.publicKey));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(await t.database.db.select().from(passKeys))).not.toContain(pair.privateKey);
  });

  it('gives each of many phones registering at once a number of its own, and keeps the newest three', async () => {
    const person = await passHolder();
    const answers = await Promise.all(Array.from({ length: 20 }, () => register(person, newDeviceKeyPair().publicKey)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.map((a) => a.body.data.kid).sort((a: number, b: number) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect((await codeKeyOf(person)).kids).toEqual([18, 19, 20].slice(-PASS_KEYS_PER_PASS));
  });

  it('refuses a bad key, a person with no usable pass, another community, and a logged-out phone', async () => {
    const person = await passHolder();
    for (const bad of ['', 'x'.repeat(43) + '=', 'abc', 42, null, 'A'.repeat(44)]) {
      expect((await register(person, bad)).body, String(bad)).toEqual({ code: 400, message: PassKeyMsg.publicKey, data: null });
    }
    const pending = await t.login(freshMobile());
    expect((await register(pending, newDeviceKeyPair().publicKey)).body).toMatchObject({ code: 409, message: PassKeyMsg.noPass });
    expect((await register(person, newDeviceKeyPair().publicKey, 'DEMO000002')).body).toMatchObject({ code: 409, message: PassKeyMsg.noPass });
    expect((await register(person, newDeviceKeyPair().publicKey, 'NOPE000000')).status).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/v1/userCard/passKey', payload: { poiId: HOME, publicKey: newDeviceKeyPair().publicKey } })).statusCode).toBe(423);
    expect((await codeKeyOf(person)).kids).toEqual([]);
  });

  it('takes an invited visitor’s key by the link’s token only while the invitation lets them through', async () => {
    const resident = await t.login('13800000004');
    await post('/v1/manage/visits/settings', manager, { poiId: HOME, withoutDocument: 1 });
    try {
      const soon = new Date(t.clock.now().getTime() + 8 * 3_600_000 + 60_000).toISOString().slice(0, 16).replace('T', ' ');
      const later = new Date(t.clock.now().getTime() + 8 * 3_600_000 + 3 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
      const inv = (await post('/v1/visits/invite', resident, { poiId: HOME, name: '钥匙访客', mobile: freshMobile(), start: soon, end: later, entries: 1 })).body.data.invitation;
      const token = new URL(inv.link).searchParams.get('t')!;
      const visitor = (body: object) => t.app.inject({ method: 'POST', url: '/v1/visits/passKey', payload: body });
      // Before the window: nothing to sign for yet.
      expect((await visitor({ t: token, publicKey: newDeviceKeyPair().publicKey })).json()).toMatchObject({ code: 409, message: PassKeyMsg.noPass });
      t.clock.advance(2 * 60_000);
      expect((await visitor({ t: token, publicKey: newDeviceKeyPair().publicKey })).json()).toMatchObject({ code: 200, data: { kid: 1 } });
      expect((await visitor({ t: token, publicKey: 'nope' })).json()).toEqual({ code: 400, message: PassKeyMsg.publicKey, data: null });
      expect((await visitor({ t: 'x'.repeat(43), publicKey: newDeviceKeyPair().publicKey })).statusCode).toBe(404);
      // Cancelled: no more keys.
      await post('/v1/visits/cancel', resident, { poiId: HOME, _id: inv._id });
      expect((await visitor({ t: token, publicKey: newDeviceKeyPair().publicKey })).json()).toMatchObject({ code: 409, message: PassKeyMsg.noPass });
    } finally {
      await post('/v1/manage/visits/settings', manager, { poiId: HOME, withoutDocument: 0 });
    }
  });
});
