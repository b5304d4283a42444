import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_STEP_SECONDS, codeStepAt } from '@sq/contract/pass/code-steps';
import { macMatches, parsePassCode, passCodeAt, passSecretOf, type PassCodeKey } from '@sq/contract/pass/rotating-code';
import { entryLogs } from '../../src/db/schema';
import { freshMobile, idCard, poster, staffOf } from '../support/factories';
import { REENTRY_DEFAULT_MINUTES } from '@sq/contract/pass/gate-settings';
import { createTestApp, type TestApp } from '../support/test-app';

const HOME = 'DEMO000001';
let t: TestApp;
let post: ReturnType<typeof poster>;
let resident: string;
let duty: string;
let manager: string;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  post = poster(t);
  [resident, duty, manager] = [await t.login('13800000004'), await t.login('13800000003'), await t.login('13800000002')];
});
afterAll(() => t.close());

const get = async (url: string, token: string) => (await t.app.inject({ method: 'GET', url, headers: { token } })).json();
const kitOf = (token: string, poiId = HOME) => get(`/v1/gate/offlineKit?poiId=${poiId}`, token);
const keyOf = async (token: string, direction = 1) => (await get(`/v1/userCard/my?poiId=${HOME}&pass=${direction}`, token)).data.userCard.codeKey as PassCodeKey;
const logs = async () => (await t.database.db.select().from(entryLogs).where(eq(entryLogs.poiId, HOME)).orderBy(entryLogs.createdAt));
const logCount = async () => (await t.database.db.select({ n: count() }).from(entryLogs).where(eq(entryLogs.poiId, HOME)))[0]!.n;

describe('the offline scanner’s kit (GET /v1/gate/offlineKit)', () => {
  it('gives staff the keys that check every code, the usable passes with names, and the ended ones', async () => {
    const mobile = freshMobile();
    const token = await t.login(mobile);
    const card = idCard();
    const { body } = await post('/v1/userCard', token, { poiId: HOME, name: '将撤销', mobile, card, owner: '业主', address: '9号楼', isReturn: 0 });
    await post('/v1/userCard/verify', manager, { poiId: HOME, _id: body.data._id, status: 1 });
    const before = (await kitOf(duty)).data;
    const key = await keyOf(resident);
    // The scanner re-derives the pass's secret from the community key and checks a code with it.
    const communityKey = before.keys.find((k: { v: number }) => k.v === key.v).key as string;
    expect(passSecretOf(communityKey, key.id)).toBe(key.secret);
    expect(macMatches(parsePassCode(passCodeAt(key, 1, 100))!, passSecretOf(communityKey, key.id))).toBe(true);
    expect(before.passes).toContainEqual({ id: key.id, name: '陈明', owner: '业主', until: null });
    expect(before.passes.find((p: { name: string }) => p.name === '将撤销')).toBeTruthy();
    expect(before.serverTime).toBe(t.clock.now().getTime());
    // No whole numbers: the person's mobile and ID (a pattern would also match the hex keys' digit runs).
    const kitText = JSON.stringify(before);
    for (const whole of [mobile, card]) expect(kitText).not.toContain(whole);

    // Revoked: off the usable list, on the ended one, and the version changes.
    t.clock.advance(1000);
    await post('/v1/userCard/verify', manager, { poiId: HOME, _id: body.data._id, status: -1, reason: '已搬离' });
    const after = (await kitOf(duty)).data;
    expect(after.version).not.toBe(before.version);
    expect(after.passes.find((p: { name: string }) => p.name === '将撤销')).toBeUndefined();
    expect(after.ended).toContainEqual(expect.objectContaining({ name: '将撤销', why: 'returned' }));
  });

  it('is for staff of the community only', async () => {
    expect((await kitOf(resident)).code).toBe(403);
    expect((await kitOf(await staffOf(t, 'DEMO000002'))).code).toBe(403);
    expect((await kitOf(duty, 'NOPE000000')).code).toBe(404);
  });
});

describe('scans sent after a time with no signal (POST /v1/gate/offlineScans)', () => {
  it('logs each at its own time, marked offline; sending again changes nothing', async () => {
    t.clock.advance(10 * CODE_STEP_SECONDS * 1000);
    const key = await keyOf(resident, 2);
    const at = t.clock.now().getTime() - 5 * 60_000;
    const code = passCodeAt(key, 2, codeStepAt(at));
    const before = await logCount();
    const sent = await post('/v1/gate/offlineScans', duty, { poiId: HOME, scans: [{ code, pass: 2, at }] });
    expect(sent.body.data.results).toEqual([{ code, at, result: 'logged', message: '' }]);
    const line = (await logs()).find((l) => l.createdAt.getTime() === at)!;
    expect(line).toMatchObject({ name: '陈明', direction: 2, offline: true, conflict: false });
    expect((await post('/v1/gate/offlineScans', duty, { poiId: HOME, scans: [{ code, pass: 2, at }] })).body.data.results[0].result).toBe('repeat');
    expect(await logCount()).toBe(before + 1);
    const list = (await post('/v1/userCard/userLog', manager, { poiId: HOME })).body.data.logs;
    expect(list.find((l: { created_at: number }) => l.created_at === Math.floor(at / 1000))).toMatchObject({ offline: true, conflict: false });
  });

  it('marks the same pass used at two gates in one window as a conflict for the managers, both logged', async () => {
    const key = await keyOf(resident, 1);
    const at = t.clock.now().getTime() - 3 * 60_000;
    const other = await staffOf(t, HOME);
    const first = await post('/v1/gate/offlineScans', duty, { poiId: HOME, scans: [{ code: passCodeAt(key, 1, codeStepAt(at)), pass: 1, at }] });
    // A screenshot of the next step's code at the other gate 20 s later.
    const second = await post('/v1/gate/offlineScans', other, { poiId: HOME, scans: [{ code: passCodeAt(key, 1, codeStepAt(at) + 1), pass: 1, at: at + 20_000 }] });
    expect([first.body.data.results[0].result, second.body.data.results[0].result]).toEqual(['logged', 'conflict']);
    const list = (await post('/v1/userCard/userLog', manager, { poiId: HOME })).body.data.logs;
    expect(list.find((l: { created_at: number }) => l.created_at === Math.floor((at + 20_000) / 1000))).toMatchObject({ name: '陈明', conflict: true, offline: true });
  });

  it('refuses forged codes, codes outside their window at the scan’s time, impossible times, other communities', async () => {
    const key = await keyOf(resident, 1);
    const at = t.clock.now().getTime() - 60_000;
    const good = passCodeAt(key, 1, codeStepAt(at));
    const before = await logCount();
    const { body } = await post('/v1/gate/offlineScans', duty, {
      poiId: HOME,
      scans: [
        { code: good.slice(0, -1) + (good.endsWith('0') ? '1' : '0'), pass: 1, at },
        { code: passCodeAt(key, 1, codeStepAt(at) - 3), pass: 1, at },
        { code: good, pass: 1, at: t.clock.now().getTime() + 10 * 60_000 },
        { code: good, pass: 1, at: t.clock.now().getTime() - 8 * 86_400_000 },
      ],
    });
    expect(body.data.results.map((r: { result: string; message: string }) => `${r.result} ${r.message}`)).toEqual([
      'refused 通行码无效',
      'refused 该通行码已过期，请让对方刷新通行证',
      'refused 扫码时间不正确',
      'refused 扫码时间不正确',
    ]);
    expect((await post('/v1/gate/offlineScans', await staffOf(t, 'DEMO000002'), { poiId: 'DEMO000002', scans: [{ code: good, pass: 1, at }] })).body.data.results[0]).toMatchObject({ result: 'refused', message: '通行码无效' });
    expect((await post('/v1/gate/offlineScans', resident, { poiId: HOME, scans: [{ code: good, pass: 1, at }] })).status).toBe(403);
    for (const bad of [{ scans: [] }, { scans: [{ code: good, pass: 3, at }] }, { scans: [{ code: good, pass: 1, at: 'soon' }] }, { scans: Array.from({ length: 201 }, () => ({ code: good, pass: 1, at })) }]) {
      expect((await post('/v1/gate/offlineScans', duty, { poiId: HOME, ...bad })).status, JSON.stringify(bad).slice(0, 60)).toBe(400);
    }
    expect(await logCount()).toBe(before);
  });
});

describe('更换核验密钥 (POST /v1/gate/rotateKey) – a lost duty phone', () => {
  it('lets managers replace the community key: old codes stop at once, pages fetch the new key, scanners the new kit', async () => {
    // Past the re-entry window of the entries earlier tests logged for the resident.
    t.clock.advance(REENTRY_DEFAULT_MINUTES * 60_000 + 10 * CODE_STEP_SECONDS * 1000);
    const old = await keyOf(resident, 1);
    const oldCode = passCodeAt(old, 1, codeStepAt(t.clock.now().getTime()));
    const scannedBefore = t.clock.now().getTime() - 30_000;
    const offlineBefore = passCodeAt(old, 2, codeStepAt(scannedBefore));

    // The waiting page has asked about its code (the server remembers the code checked).
    expect((await post('/v1/userCard/checkCodeInfo', resident, { poiId: HOME, code: oldCode })).body.data.codeInfo).toMatchObject({ isUse: 0, expired: false });
    expect((await post('/v1/gate/rotateKey', duty, { poiId: HOME })).body).toMatchObject({ code: 403, message: '仅社区管理员和社区经理可更换核验密钥' });
    const rotated = await post('/v1/gate/rotateKey', manager, { poiId: HOME });
    expect(rotated.body.data.v).toBe(old.v + 1);

    // The page showing an old code is told to renew; the gate refuses it and nothing is logged.
    expect((await post('/v1/userCard/checkCodeInfo', resident, { poiId: HOME, code: oldCode })).body.data.codeInfo).toMatchObject({ isUse: 0, expired: true });
    const before = await logCount();
    expect((await post('/v1/userCard/userInfo', duty, { poiId: HOME, code: oldCode })).body).toMatchObject({ code: 409, message: '该通行码已过期，请让对方刷新通行证' });
    expect(await logCount()).toBe(before);
    // The renewed pass carries the new key, and its code opens.
    const fresh = await keyOf(resident, 1);
    expect(fresh.v).toBe(old.v + 1);
    expect(fresh.secret).not.toBe(old.secret);
    expect((await post('/v1/gate/scan', duty, { poiId: HOME, code: passCodeAt(fresh, 1, codeStepAt(t.clock.now().getTime())), pass: 1 })).status).toBe(200);
    // Scanners' new kits hold only the new key; a scan made offline before the change still counts.
    expect((await kitOf(duty)).data.keys.map((k: { v: number }) => k.v)).toEqual([old.v + 1]);
    expect((await post('/v1/gate/offlineScans', duty, { poiId: HOME, scans: [{ code: offlineBefore, pass: 2, at: scannedBefore }] })).body.data.results[0].result).toBe('logged');
    // Recorded for the administrators.
    const audit = (await post('/v1/manage/auditLog', await t.login('13800000001'), { poiId: HOME })).body.data;
    expect(audit.entries[0]).toMatchObject({ action: '更换通行码核验密钥', actor: expect.stringContaining('138****0002') });
  });
});
