import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_STEP_SECONDS, codeStepAt } from '@sq/contract/pass/code-steps';
import { MSG_SCAN_KEY_RETIRED, MSG_SCAN_KIT, MSG_SCAN_OUTSIDE_KIT } from '@sq/contract/pass/offline-scans';
import { OFFLINE_KIT_VALID_HOURS } from '@sq/contract/pass/offline-kit';
import { PASS_KEYS_PER_PASS } from '@sq/contract/pass/register-pass-key';
import { parsePassCode } from '@sq/contract/pass/rotating-code';
import { newDeviceKeyPair, signatureValid, signedPassCodeAt, type DeviceKey } from '@sq/contract/pass/signed-code';
import { entryLogs, notifications, users } from '../../src/db/schema';
import { freshMobile, idCard, poster, staffOf } from '../support/factories';
import { residentPhoneKey } from '../support/phone-keys';
import { REENTRY_DEFAULT_MINUTES } from '@sq/contract/pass/gate-settings';
import { createTestApp, type TestApp } from '../support/test-app';

const HOME = 'DEMO000001';
let t: TestApp;
let post: ReturnType<typeof poster>;
let resident: string;
let duty: string;
let manager: string;
/** The resident's phone's own signing key. */
let phone: DeviceKey;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  post = poster(t);
  [resident, duty, manager] = [await t.login('13800000004'), await t.login('13800000003'), await t.login('13800000002')];
  phone = await residentPhoneKey(t, resident, HOME);
});
afterAll(() => t.close());

const get = async (url: string, token: string) => (await t.app.inject({ method: 'GET', url, headers: { token } })).json();
const kitOf = (token: string, poiId = HOME) => get(`/v1/gate/offlineKit?poiId=${poiId}`, token);
const kitIdOf = async (token: string) => (await kitOf(token)).data.kitId as string;
const myCode = async (token: string, direction = 1) => (await get(`/v1/userCard/my?poiId=${HOME}&pass=${direction}`, token)).data.userCard.code as string;
const logs = async () => (await t.database.db.select().from(entryLogs).where(eq(entryLogs.poiId, HOME)).orderBy(entryLogs.createdAt));
const logCount = async () => (await t.database.db.select({ n: count() }).from(entryLogs).where(eq(entryLogs.poiId, HOME)))[0]!.n;
/** What the resident was told of scans (消息), by kind. */
async function toldOfScans() {
  const [me] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.mobileHash, t.pii.hash('13800000004')));
  return t.database.db.select().from(notifications).where(and(eq(notifications.userId, me!.id), eq(notifications.kind, 'passScanned')));
}

describe('the offline scanner’s kit (GET /v1/gate/offlineKit)', () => {
  it('gives staff the public keys that check codes – nothing that makes one –, the usable passes with names, and the ended ones', async () => {
    const mobile = freshMobile();
    const token = await t.login(mobile);
    const card = idCard();
    const { body } = await post('/v1/userCard', token, { poiId: HOME, name: '将撤销', mobile, card, owner: '业主', address: '9号楼', isReturn: 0 });
    await post('/v1/userCard/verify', manager, { poiId: HOME, _id: body.data._id, status: 1 });
    const before = (await kitOf(duty)).data;
    // The pass with its phone's public key: a scanner checks the phone's code with it…
    const entry = before.passes.find((p: { id: string }) => p.id === phone.id);
    expect(entry).toEqual({ id: phone.id, keys: [{ kid: phone.kid, publicKey: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) }], name: '陈明', owner: '业主', until: null });
    expect(signatureValid(parsePassCode(signedPassCodeAt(phone, 1, 100))!, entry.keys[0].publicKey)).toBe(true);
    // … but the kit holds no community key and no pass secret: the server's own codes cannot be
    // checked offline, and nothing in it makes a code.
    expect(before).not.toHaveProperty('keys');
    expect(JSON.stringify(before)).not.toMatch(/[0-9a-f]{64}/);
    expect(before.passes.find((p: { name: string }) => p.name === '将撤销')).toMatchObject({ keys: [] });
    expect(before.serverTime).toBe(t.clock.now().getTime());
    expect(before.kitId).toMatch(/^[0-9a-f-]{36}$/);
    expect(before.validUntil).toBe(t.clock.now().getTime() + OFFLINE_KIT_VALID_HOURS * 3_600_000);
    // No whole numbers: the person's mobile and ID.
    const kitText = JSON.stringify(before);
    for (const whole of [mobile, card]) expect(kitText).not.toContain(whole);

    // Revoked: off the usable list, on the ended one, and the version changes.
    t.clock.advance(1000);
    await post('/v1/userCard/verify', manager, { poiId: HOME, _id: body.data._id, status: -1, reason: '已搬离' });
    const after = (await kitOf(duty)).data;
    expect(after.version).not.toBe(before.version);
    expect(after.passes.find((p: { name: string }) => p.name === '将撤销')).toBeUndefined();
    expect(after.ended).toContainEqual(expect.objectContaining({ name: '将撤销', why: 'returned' }));
    // A new phone's key changes the version too (a scanner renews its kit).
    await residentPhoneKey(t, resident, HOME);
    expect((await kitOf(duty)).data.version).not.toBe(after.version);
  });

  it('is for staff of the community only', async () => {
    expect((await kitOf(resident)).code).toBe(403);
    expect((await kitOf(await staffOf(t, 'DEMO000002'))).code).toBe(403);
    expect((await kitOf(duty, 'NOPE000000')).code).toBe(404);
  });
});

describe('scans sent after a time with no signal (POST /v1/gate/offlineScans)', () => {
  it('logs each at its own time, marked offline, and tells the person; sending again – by anyone – changes nothing', async () => {
    t.clock.advance(10 * CODE_STEP_SECONDS * 1000);
    const kit = await kitIdOf(duty);
    t.clock.advance(5 * 60_000);
    const at = t.clock.now().getTime() - 5 * 60_000 + 1000;
    const code = signedPassCodeAt(phone, 2, codeStepAt(at));
    const before = await logCount();
    const told = (await toldOfScans()).length;
    const sent = await post('/v1/gate/offlineScans', duty, { poiId: HOME, scans: [{ code, pass: 2, at, kit }] });
    expect(sent.body.data.results).toEqual([{ code, at, result: 'logged', message: '' }]);
    const line = (await logs()).find((l) => l.createdAt.getTime() === at)!;
    expect(line).toMatchObject({ name: '陈明', direction: 2, offline: true, conflict: false });
    expect((await post('/v1/gate/offlineScans', duty, { poiId: HOME, scans: [{ code, pass: 2, at, kit }] })).body.data.results[0].result).toBe('repeat');
    // Another staff member sending the same queue (the duty phone handed over at a change of shift): the same scan.
    const other = await staffOf(t, HOME);
    expect((await post('/v1/gate/offlineScans', other, { poiId: HOME, scans: [{ code, pass: 2, at, kit }] })).body.data.results[0].result).toBe('repeat');
    expect(await logCount()).toBe(before + 1);
    // The resident learns of the exit made offline, once.
    expect((await toldOfScans()).length).toBe(told + 1);
    const list = (await post('/v1/userCard/userLog', manager, { poiId: HOME })).body.data.logs;
    expect(list.find((l: { created_at: number }) => l.created_at === Math.floor(at / 1000))).toMatchObject({ offline: true, conflict: false });
  });

  it('marks the same pass used at two gates in one window as a conflict for the managers, both logged', async () => {
    const other = await staffOf(t, HOME);
    const [kitA, kitB] = [await kitIdOf(duty), await kitIdOf(other)];
    t.clock.advance(3 * 60_000);
    const at = t.clock.now().getTime() - 2 * 60_000;
    const first = await post('/v1/gate/offlineScans', duty, { poiId: HOME, scans: [{ code: signedPassCodeAt(phone, 1, codeStepAt(at)), pass: 1, at, kit: kitA }] });
    // A screenshot of the next step's code at the other gate 20 s later.
    const second = await post('/v1/gate/offlineScans', other, { poiId: HOME, scans: [{ code: signedPassCodeAt(phone, 1, codeStepAt(at) + 1), pass: 1, at: at + 20_000, kit: kitB }] });
    expect([first.body.data.results[0].result, second.body.data.results[0].result]).toEqual(['logged', 'conflict']);
    const list = (await post('/v1/userCard/userLog', manager, { poiId: HOME })).body.data.logs;
    expect(list.find((l: { created_at: number }) => l.created_at === Math.floor((at + 20_000) / 1000))).toMatchObject({ name: '陈明', conflict: true, offline: true });
  });

  it('takes no code a scanner could have made: a server-made one, one signed by a key nobody registered', async () => {
    const kit = await kitIdOf(duty);
    t.clock.advance(60_000);
    const at = t.clock.now().getTime() - 30_000;
    const serverMade = await myCode(resident, 1);
    const stranger = { ...phone, privateKey: newDeviceKeyPair().privateKey };
    const before = await logCount();
    const { body } = await post('/v1/gate/offlineScans', duty, {
      poiId: HOME,
      scans: [
        { code: serverMade, pass: 1, at, kit },
        { code: signedPassCodeAt(stranger, 1, codeStepAt(at)), pass: 1, at, kit },
      ],
    });
    expect(body.data.results.map((r: { result: string; message: string }) => `${r.result} ${r.message}`)).toEqual(['refused 通行码无效', 'refused 通行码无效']);
    expect(await logCount()).toBe(before);
  });

  it('takes a scan only inside the validity of the kit it names, a kit of this community, dated days back never', async () => {
    const kit = await kitIdOf(duty);
    const at = t.clock.now().getTime() + 1000;
    t.clock.advance(2000);
    const code = signedPassCodeAt(phone, 2, codeStepAt(at));
    // Dated before the kit was downloaded (a scan "from last week" with a kit from today).
    const daysBack = t.clock.now().getTime() - 3 * 86_400_000;
    const outsider = await staffOf(t, 'DEMO000002');
    const { body } = await post('/v1/gate/offlineScans', duty, {
      poiId: HOME,
      scans: [
        { code: signedPassCodeAt(phone, 2, codeStepAt(daysBack)), pass: 2, at: daysBack, kit },
        { code, pass: 2, at, kit: (await kitOf(outsider, 'DEMO000002')).data.kitId },
        { code, pass: 2, at, kit: '00000000-0000-4000-8000-000000000000' },
      ],
    });
    expect(body.data.results.map((r: { message: string }) => r.message)).toEqual([MSG_SCAN_OUTSIDE_KIT, MSG_SCAN_KIT, MSG_SCAN_KIT]);
    // Past the kit's validity, its scans are not taken either.
    t.clock.advance(OFFLINE_KIT_VALID_HOURS * 3_600_000 + 60_000);
    const late = t.clock.now().getTime() - 1000;
    expect((await post('/v1/gate/offlineScans', duty, { poiId: HOME, scans: [{ code: signedPassCodeAt(phone, 1, codeStepAt(late)), pass: 1, at: late, kit }] })).body.data.results[0].message).toBe(MSG_SCAN_OUTSIDE_KIT);
    // Dated inside its kit's validity: taken, even sent later.
    expect((await post('/v1/gate/offlineScans', duty, { poiId: HOME, scans: [{ code, pass: 2, at, kit }] })).body.data.results[0].result).toBe('logged');
  });

  it('refuses a scan dated after the key it used was replaced by newer phones, and takes one from before', async () => {
    const mobile = freshMobile();
    const made = await post('/v1/userCard', manager, { poiId: HOME, name: '换手机', mobile, card: idCard(), owner: '业主', address: '8号楼', isReturn: 0, import: 1 });
    expect(made.status).toBe(200);
    const person = await t.login(mobile);
    const first = await residentPhoneKey(t, person, HOME);
    const kit = await kitIdOf(duty);
    t.clock.advance(60_000);
    const before = t.clock.now().getTime();
    t.clock.advance(60_000);
    // Three newer phones: the first phone's key is replaced.
    for (let i = 0; i < PASS_KEYS_PER_PASS; i++) await residentPhoneKey(t, person, HOME);
    t.clock.advance(60_000);
    const after = t.clock.now().getTime();
    t.clock.advance(1000);
    const { body } = await post('/v1/gate/offlineScans', duty, {
      poiId: HOME,
      scans: [
        { code: signedPassCodeAt(first, 1, codeStepAt(before)), pass: 1, at: before, kit },
        { code: signedPassCodeAt(first, 2, codeStepAt(after)), pass: 2, at: after, kit },
      ],
    });
    expect(body.data.results.map((r: { result: string; message: string }) => `${r.result} ${r.message}`)).toEqual(['logged ', `refused ${MSG_SCAN_KEY_RETIRED}`]);
    // Online, the replaced key's codes are refused as expired: the page renews and registers again.
    t.clock.advance(REENTRY_DEFAULT_MINUTES * 60_000);
    expect((await post('/v1/gate/scan', duty, { poiId: HOME, code: signedPassCodeAt(first, 1, codeStepAt(t.clock.now().getTime())), pass: 1 })).body).toMatchObject({ code: 409, message: '该通行码已过期，请让对方刷新通行证' });
  });

  it('refuses forged codes, codes outside their window at the scan’s time, impossible times, other communities', async () => {
    const kit = await kitIdOf(duty);
    t.clock.advance(60_000);
    const at = t.clock.now().getTime() - 30_000;
    const good = signedPassCodeAt(phone, 1, codeStepAt(at));
    const before = await logCount();
    const { body } = await post('/v1/gate/offlineScans', duty, {
      poiId: HOME,
      scans: [
        { code: good.slice(0, -2) + (good.at(-2) === 'A' ? 'B' : 'A') + good.slice(-1), pass: 1, at, kit },
        { code: signedPassCodeAt(phone, 1, codeStepAt(at) - 3), pass: 1, at, kit },
        { code: good, pass: 1, at: t.clock.now().getTime() + 10 * 60_000, kit },
        { code: good, pass: 1, at: t.clock.now().getTime() - 8 * 86_400_000, kit },
      ],
    });
    expect(body.data.results.map((r: { result: string; message: string }) => `${r.result} ${r.message}`)).toEqual([
      'refused 通行码无效',
      'refused 该通行码已过期，请让对方刷新通行证',
      'refused 扫码时间不正确',
      'refused 扫码时间不正确',
    ]);
    const outsider = await staffOf(t, 'DEMO000002');
    const outsiderKit = (await kitOf(outsider, 'DEMO000002')).data.kitId;
    expect((await post('/v1/gate/offlineScans', outsider, { poiId: 'DEMO000002', scans: [{ code: good, pass: 1, at, kit: outsiderKit }] })).body.data.results[0]).toMatchObject({ result: 'refused', message: '通行码无效' });
    expect((await post('/v1/gate/offlineScans', resident, { poiId: HOME, scans: [{ code: good, pass: 1, at, kit }] })).status).toBe(403);
    for (const bad of [{ scans: [] }, { scans: [{ code: good, pass: 3, at, kit }] }, { scans: [{ code: good, pass: 1, at: 'soon', kit }] }, { scans: [{ code: good, pass: 1, at }] }, { scans: [{ code: good, pass: 1, at, kit: 'x' }] }, { scans: Array.from({ length: 201 }, () => ({ code: good, pass: 1, at, kit })) }]) {
      expect((await post('/v1/gate/offlineScans', duty, { poiId: HOME, ...bad })).status, JSON.stringify(bad).slice(0, 60)).toBe(400);
    }
    expect(await logCount()).toBe(before);
  });
});

describe('更换核验密钥 (POST /v1/gate/rotateKey) – a lost duty phone', () => {
  it('lets managers replace the community key: the server’s old codes stop at once, pages fetch new ones; phones’ own keys are untouched', async () => {
    // Past the re-entry window of the entries earlier tests logged for the resident.
    t.clock.advance(REENTRY_DEFAULT_MINUTES * 60_000 + 10 * CODE_STEP_SECONDS * 1000);
    const oldCode = await myCode(resident, 1);
    const oldV = parsePassCode(oldCode)!.v;

    // The waiting page has asked about its code (the server remembers the code checked).
    expect((await post('/v1/userCard/checkCodeInfo', resident, { poiId: HOME, code: oldCode })).body.data.codeInfo).toMatchObject({ isUse: 0, expired: false });
    expect((await post('/v1/gate/rotateKey', duty, { poiId: HOME })).body).toMatchObject({ code: 403, message: '仅社区管理员和社区经理可更换核验密钥' });
    const rotated = await post('/v1/gate/rotateKey', manager, { poiId: HOME });
    expect(rotated.body.data.v).toBe(oldV + 1);

    // The page showing an old code is told to renew; the gate refuses it and nothing is logged.
    expect((await post('/v1/userCard/checkCodeInfo', resident, { poiId: HOME, code: oldCode })).body.data.codeInfo).toMatchObject({ isUse: 0, expired: true });
    const before = await logCount();
    expect((await post('/v1/userCard/userInfo', duty, { poiId: HOME, code: oldCode })).body).toMatchObject({ code: 409, message: '该通行码已过期，请让对方刷新通行证' });
    expect(await logCount()).toBe(before);
    // The renewed pass carries a code of the new key, and it opens.
    const fresh = await myCode(resident, 1);
    expect(parsePassCode(fresh)!.v).toBe(oldV + 1);
    expect((await post('/v1/gate/scan', duty, { poiId: HOME, code: fresh, pass: 1 })).status).toBe(200);
    // The phone's own key never left the phone: its codes still open, online and offline.
    t.clock.advance(3 * CODE_STEP_SECONDS * 1000);
    expect((await post('/v1/gate/scan', duty, { poiId: HOME, code: signedPassCodeAt(phone, 2, codeStepAt(t.clock.now().getTime())), pass: 2 })).status).toBe(200);
    // Recorded for the administrators.
    const audit = (await post('/v1/manage/auditLog', await t.login('13800000001'), { poiId: HOME })).body.data;
    expect(audit.entries[0]).toMatchObject({ action: '更换通行码核验密钥', actor: expect.stringContaining('138****0002') });
  });
});
