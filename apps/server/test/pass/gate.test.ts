import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, beijingDate } from '@sq/contract/beijing-time';
import { CODE_STEP_SECONDS, codeStepAt, codeWindowEnd } from '@sq/contract/pass/code-steps';
import { parsePassCode, passCodeAt } from '@sq/contract/pass/rotating-code';
import { newDeviceKeyPair, signedPassCodeAt, type DeviceKey } from '@sq/contract/pass/signed-code';
import { residentPhoneKey } from '../support/phone-keys';
import { auditLog, entryLogs, users } from '../../src/db/schema';
import { freshMobile, idCard, poster, staffOf } from '../support/factories';
import { REENTRY_DEFAULT_MINUTES } from '@sq/contract/pass/gate-settings';
import { createTestApp, type TestApp } from '../support/test-app';

const HOME = 'DEMO000001';
let t: TestApp;
let post: ReturnType<typeof poster>;
let resident: string;
let duty: string;
let manager: string;
/** The resident's phone's own signing key (the private half stays here, as on the phone). */
let phone: DeviceKey;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  post = poster(t);
  [resident, duty, manager] = [await t.login('13800000004'), await t.login('13800000003'), await t.login('13800000002')];
  phone = await residentPhoneKey(t, resident, HOME);
});
afterAll(() => t.close());

async function myPass(token: string, direction = 1, poiId = HOME) {
  const res = await t.app.inject({ method: 'GET', url: `/v1/userCard/my?poiId=${poiId}&pass=${direction}`, headers: { token } });
  return { status: res.statusCode, body: res.json() };
}
const logCount = async () => (await t.database.db.select({ n: count() }).from(entryLogs).where(eq(entryLogs.poiId, HOME)))[0]!.n;

describe('the pass and its code', () => {
  it('gives an approved resident a usable pass with the current code, its QR and the key to make the next ones', async () => {
    const { body } = await myPass(resident, 2);
    const card = body.data.userCard;
    expect(card).toMatchObject({ ptype: 1, pass: 2, owner: '业主', name: '陈明', communityInfo: { community: '望京花园西区' }, poiId: HOME, backDay: null });
    expect(body.data.isManager).toBe('0');
    const qr = new URL(card.qr);
    expect(qr.pathname).toBe('/xxdetail');
    expect(Object.fromEntries(qr.searchParams)).toEqual({ poiId: HOME, openId: card.openId, code: card.code, pass: '2' });
    const step = codeStepAt(t.clock.now().getTime());
    expect(card.serverTime).toBe(t.clock.now().getTime());
    expect(card.codeExpires).toBe(codeWindowEnd(step));
    // The phone makes its codes with its own key, which the server knows by number; it may do so
    // offline for a week. The pass's secret is not handed out (nor anything that makes codes).
    expect(card.codeKey).toEqual({ id: phone.id, until: t.clock.now().getTime() + 7 * 86_400_000, kids: [phone.kid] });
    // The server's own code (for a client that makes none) is its MAC code of this step.
    expect(parsePassCode(card.code)).toMatchObject({ id: phone.id, direction: 2, step, signed: false });
    // Every load within a step shows the same code; the next step shows the next.
    expect((await myPass(resident, 2)).body.data.userCard.code).toBe(card.code);
    t.clock.advance(CODE_STEP_SECONDS * 1000);
    const next = (await myPass(resident, 2)).body.data.userCard.code as string;
    expect(parsePassCode(next)).toMatchObject({ step: step + 1, signed: false });
  });

  it('accepts a code within one step of the gate clock, and refuses a screenshot older than its window', async () => {
    const card = (await myPass(resident, 1)).body.data.userCard;
    const step = codeStepAt(t.clock.now().getTime());
    const waiting = await post('/v1/userCard/checkCodeInfo', resident, { poiId: HOME, code: card.code });
    expect(waiting.body.data.codeInfo).toMatchObject({ isUse: 0, expired: false });

    // 75 s later the code shown then is past its window: refused, and its page told to renew.
    t.clock.advance(75_000);
    expect((await post('/v1/userCard/userInfo', duty, { poiId: HOME, code: card.code })).body).toEqual({ code: 409, message: '该通行码已过期，请让对方刷新通行证', data: null });
    expect((await post('/v1/userCard/checkCodeInfo', resident, { poiId: HOME, code: card.code })).body.data.codeInfo).toMatchObject({ isUse: 0, expired: true });
    // A code made for a step ahead of the gate's (a phone clock far ahead) is refused as well.
    const now = codeStepAt(t.clock.now().getTime());
    expect((await post('/v1/userCard/userInfo', duty, { poiId: HOME, code: signedPassCodeAt(phone, 1, now + 2) })).body.message).toBe('该通行码已过期，请让对方刷新通行证');
    // One step behind (a phone a little slow) still opens.
    const before = await logCount();
    expect((await post('/v1/userCard/userInfo', duty, { poiId: HOME, code: signedPassCodeAt(phone, 1, now - 1) })).status).toBe(200);
    expect(await logCount()).toBe(before + 1);
    expect(now - 1).toBeGreaterThan(step);
    t.clock.advance(1000);
  });

  it('holds one valid code per direction: a use spends every code of that window, the other direction stays open', async () => {
    // The previous test let the resident in: past the re-entry window, a new entry is no second person.
    t.clock.advance(REENTRY_DEFAULT_MINUTES * 60_000 + 10 * CODE_STEP_SECONDS * 1000);
    const card = (await myPass(resident, 1)).body.data.userCard;
    const step = codeStepAt(t.clock.now().getTime());
    const other = await staffOf(t, HOME);
    const before = await logCount();
    expect((await post('/v1/userCard/userInfo', duty, { poiId: HOME, code: card.code })).status).toBe(200);
    // The previous step's code (a screenshot sent a moment ago) and the next step's: both spent.
    expect((await post('/v1/userCard/userInfo', other, { poiId: HOME, code: signedPassCodeAt(phone, 1, step - 1) })).body).toMatchObject({ code: 409, message: '该通行码已使用，请让对方刷新通行证' });
    t.clock.advance(CODE_STEP_SECONDS * 1000);
    const next = (await myPass(resident, 1)).body.data.userCard.code as string;
    expect((await post('/v1/userCard/checkCodeInfo', resident, { poiId: HOME, code: next })).body.data.codeInfo.isUse).toBe(1);
    expect((await post('/v1/userCard/userInfo', other, { poiId: HOME, code: next })).body).toMatchObject({ code: 409, message: '该通行码已使用，请让对方刷新通行证' });
    // Leaving is another direction: its code works at once.
    expect((await post('/v1/userCard/userInfo', other, { poiId: HOME, code: (await myPass(resident, 2)).body.data.userCard.code })).status).toBe(200);
    expect(await logCount()).toBe(before + 2);
    // Three steps after the entry, a new entry code opens again.
    t.clock.advance(2 * CODE_STEP_SECONDS * 1000);
    expect((await post('/v1/userCard/userInfo', duty, { poiId: HOME, code: (await myPass(resident, 1)).body.data.userCard.code })).status).toBe(200);
    expect(await logCount()).toBe(before + 3);
    // Later tests read the newest log line: theirs must not share this one's instant.
    t.clock.advance(CODE_STEP_SECONDS * 3 * 1000);
  });

  it('refuses forged codes: a changed MAC or signature, a changed direction, an unknown key, another pass, a key nobody registered', async () => {
    const card = (await myPass(resident, 1)).body.data.userCard;
    const parsed = parsePassCode(card.code)!;
    const signed = signedPassCodeAt(phone, 1, parsed.step);
    const flip = (c: string) => (c === '0' ? '1' : c === 'A' ? 'B' : '0');
    const madeUp = { id: parsed.id, v: parsed.v, secret: 'ab'.repeat(32) };
    const stranger = { id: phone.id, kid: phone.kid, privateKey: newDeviceKeyPair().privateKey };
    const forged = [
      // The server's MAC codes…
      card.code.slice(0, -1) + flip(card.code.slice(-1)),
      card.code.replace(`.1${parsed.v}.`, `.2${parsed.v}.`),
      passCodeAt({ ...madeUp, v: parsed.v + 1 }, 1, parsed.step),
      passCodeAt({ ...madeUp, id: 'AAAAAAAAAAAAAAAAAAAAAA' }, 1, parsed.step),
      passCodeAt(madeUp, 1, parsed.step),
      // … and the phone's signed ones.
      signed.slice(0, -2) + flip(signed.slice(-2, -1)) + signed.slice(-1),
      signed.replace(`.1${phone.kid}.`, `.2${phone.kid}.`),
      signedPassCodeAt({ ...phone, kid: phone.kid + 5 }, 1, parsed.step),
      signedPassCodeAt({ ...phone, id: 'AAAAAAAAAAAAAAAAAAAAAA' }, 1, parsed.step),
      signedPassCodeAt(stranger, 1, parsed.step),
      'not-a-code',
    ];
    const before = await logCount();
    for (const code of forged) {
      expect((await post('/v1/userCard/userInfo', duty, { poiId: HOME, code })).body, code).toEqual({ code: 404, message: '通行码无效', data: null });
      expect((await post('/v1/userCard/checkCodeInfo', resident, { poiId: HOME, code })).status, code).toBe(404);
    }
    expect(await logCount()).toBe(before);
    expect((await post('/v1/userCard/checkCodeInfo', resident, { poiId: HOME, code: card.code })).body.data.codeInfo.isUse).toBe(0);
  });

  it('tells staff they are managers on their pass page', async () => {
    expect((await myPass(duty)).body.data).toMatchObject({ isManager: '1', userCard: { ptype: -1, code: '', qr: '' } });
  });

  it('shows pending, returned and missing registrations without a code', async () => {
    const mobile = freshMobile();
    const token = await t.login(mobile);
    expect((await myPass(token)).body.data.userCard).toMatchObject({ ptype: -1, code: '' });
    const { body } = await post('/v1/userCard', token, { poiId: HOME, name: '新住户', mobile, card: idCard(), owner: '业主', address: '1号楼', isReturn: 0 });
    expect((await myPass(token)).body.data.userCard).toMatchObject({ ptype: 0, code: '' });
    await post('/v1/userCard/verify', manager, { poiId: HOME, _id: body.data._id, status: -1 });
    expect((await myPass(token)).body.data.userCard).toMatchObject({ ptype: -1, code: '' });
  });

  it('marks a return within 14 days with the day count (ptype -3) and still issues a code', async () => {
    const mobile = freshMobile();
    const token = await t.login(mobile);
    const today = beijingDate(t.clock.now());
    const { body } = await post('/v1/userCard', token, { poiId: HOME, name: '返京者', mobile, card: idCard(), owner: '业主', address: '2号楼', isReturn: 1, return_date: addDays(today, -3), wuhan: '上海' });
    await post('/v1/userCard/verify', manager, { poiId: HOME, _id: body.data._id, status: 1 });
    const card = (await myPass(token)).body.data.userCard;
    expect([card.ptype, card.backDay, card.code.length > 0]).toEqual([-3, 3, true]);
  });
});

describe('the gate scan', () => {
  it('logs the entry once, tells the waiting resident, and refuses the code a second time', async () => {
    t.clock.advance(REENTRY_DEFAULT_MINUTES * 60_000 + 3 * CODE_STEP_SECONDS * 1000);
    const card = (await myPass(resident, 1)).body.data.userCard;
    expect((await post('/v1/userCard/checkCodeInfo', resident, { poiId: HOME, code: card.code })).body.data.codeInfo).toEqual({ isUse: 0, pass: 1, usedAt: null, expired: false });
    const before = await logCount();

    const scan = await post('/v1/userCard/userInfo', duty, { poiId: HOME, openId: card.openId, code: card.code, pass: 1 });
    expect(scan.body.data.scan).toMatchObject({ pass: 1 });
    expect(scan.body.data.userCard).toMatchObject({ name: '陈明', mobile: '13800000004', status: 1 });
    expect(await logCount()).toBe(before + 1);

    const waited = await post('/v1/userCard/checkCodeInfo', resident, { poiId: HOME, code: card.code });
    expect(waited.body.data.codeInfo).toMatchObject({ isUse: 1, pass: 1, expired: false });

    // The same scanner reloading the page sees it again without a second log line.
    expect((await post('/v1/userCard/userInfo', duty, { poiId: HOME, code: card.code })).status).toBe(200);
    expect(await logCount()).toBe(before + 1);
    const other = await post('/v1/userCard/userInfo', manager, { poiId: HOME, code: card.code });
    expect(other.body).toMatchObject({ code: 409, message: '该通行码已使用，请让对方刷新通行证' });

    const logs = (await post('/v1/userCard/userLog', duty, { poiId: HOME })).body.data.logs;
    expect(logs[0]).toMatchObject({ name: '陈明', mobile: '138****0004', pass: 1, owner: '业主' });
  });

  it('shows the scanner the whole registration – reviews and plates – and audits every view, a repeat too', async () => {
    t.clock.advance(3 * CODE_STEP_SECONDS * 1000);
    const mobile = freshMobile();
    const card = idCard();
    const person = await t.login(mobile);
    const made = await post('/v1/userCard', person, { poiId: HOME, name: '林小雨', mobile, card, owner: '业主', address: '3号楼 1单元 202', isReturn: 0 });
    const id = made.body.data._id as string;
    expect((await post('/v1/userCard/verify', manager, { poiId: HOME, _id: id, status: 1 })).status).toBe(200);
    expect((await post('/v1/userCard/plates/add', person, { poiId: HOME, plate: '京A12345' })).status).toBe(200);
    const [reviewer] = await t.database.db.select({ name: users.username }).from(users).where(eq(users.mobileHash, t.pii.hash('13800000002')));
    const code = (await myPass(person)).body.data.userCard.code;
    const audits = () => t.database.db.select().from(auditLog).where(and(eq(auditLog.subjectId, id), eq(auditLog.action, 'registration.scan')));

    const strangerStaff = await staffOf(t, 'DEMO000002');
    expect((await post('/v1/userCard/userInfo', strangerStaff, { poiId: HOME, code })).status).toBe(403);
    expect(await audits()).toHaveLength(0);

    const first = await post('/v1/userCard/userInfo', duty, { poiId: HOME, code });
    expect(first.body.data.userCard).toMatchObject({ _id: id, name: '林小雨', mobile, card, plates: ['京A12345'], status: 1 });
    expect(first.body.data.userCard.reviews).toEqual([{ from: 0, to: 1, by: reviewer!.name, at: Math.floor(t.clock.now().getTime() / 1000), reason: '' }]);
    expect(first.body.data.scan).toMatchObject({ pass: 1, repeat: false });
    const again = await post('/v1/userCard/userInfo', duty, { poiId: HOME, code });
    expect(again.body.data).toEqual({ ...first.body.data, scan: { ...first.body.data.scan, repeat: true } });
    const [dutyUser] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.mobileHash, t.pii.hash('13800000003')));
    expect(await audits()).toMatchObject([
      { actorId: dutyUser!.id, poiId: HOME, rows: 1 },
      { actorId: dutyUser!.id, poiId: HOME, rows: 1 },
    ]);
  });

  it('audits every one of many views of a pass arriving at once (lines written together)', async () => {
    t.clock.advance(3 * CODE_STEP_SECONDS * 1000);
    const mobile = freshMobile();
    const person = await t.login(mobile);
    const made = await post('/v1/userCard', person, { poiId: HOME, name: '许多看', mobile, card: idCard(), owner: '业主', address: '5号楼', isReturn: 0 });
    const id = made.body.data._id as string;
    await post('/v1/userCard/verify', manager, { poiId: HOME, _id: id, status: 1 });
    const code = (await myPass(person)).body.data.userCard.code;
    expect((await post('/v1/userCard/userInfo', duty, { poiId: HOME, code })).status).toBe(200);
    const views = await Promise.all(Array.from({ length: 25 }, () => post('/v1/userCard/userInfo', duty, { poiId: HOME, code })));
    expect(views.map((v) => [v.status, v.body.data.scan.repeat])).toEqual(Array.from({ length: 25 }, () => [200, true]));
    const lines = await t.database.db.select().from(auditLog).where(and(eq(auditLog.subjectId, id), eq(auditLog.action, 'registration.scan')));
    expect(lines).toHaveLength(26);
  });

  it('refuses an expired code and tells the waiting page to fetch a new one', async () => {
    t.clock.advance(3 * CODE_STEP_SECONDS * 1000);
    const card = (await myPass(resident)).body.data.userCard;
    t.clock.advance((card.codeExpires + 1) * 1000 - t.clock.now().getTime());
    expect((await post('/v1/userCard/checkCodeInfo', resident, { poiId: HOME, code: card.code })).body.data.codeInfo.expired).toBe(true);
    expect((await post('/v1/userCard/userInfo', duty, { poiId: HOME, code: card.code })).body).toMatchObject({ code: 409, message: '该通行码已过期，请让对方刷新通行证' });
  });

  it('sends the waiting resident back to the form when staff revoke the pass', async () => {
    const mobile = freshMobile();
    const token = await t.login(mobile);
    const { body } = await post('/v1/userCard', token, { poiId: HOME, name: '待撤销', mobile, card: idCard(), owner: '业主', address: '3号楼', isReturn: 0 });
    await post('/v1/userCard/verify', manager, { poiId: HOME, _id: body.data._id, status: 1 });
    const card = (await myPass(token)).body.data.userCard;
    await post('/v1/userCard/verify', manager, { poiId: HOME, _id: body.data._id, status: -1 });
    expect((await post('/v1/userCard/checkCodeInfo', token, { poiId: HOME, code: card.code })).body.data.codeInfo.isUse).toBe(-1);
    expect((await post('/v1/userCard/userInfo', duty, { poiId: HOME, code: card.code })).status).toBe(409);
  });

  it('expires a visitor pass at the end of its day', async () => {
    const visitor = await t.login('13800000005');
    const card = (await myPass(visitor)).body.data.userCard;
    expect(card).toMatchObject({ ptype: 1, owner: '访客' });
    // The phone may make codes offline until the end of the visitor's last day, not a week.
    expect(card.codeKey.until).toBe(Date.parse(`${card.expire_time}T00:00:00+08:00`) + 86_400_000);
    t.clock.advance(4 * 86_400_000);
    expect((await myPass(visitor)).body.data.userCard).toMatchObject({ ptype: -2, code: '' });
  });
});

describe('the rush-hour scanner (POST /v1/gate/scan)', () => {
  const rush = (token: string, body: Record<string, unknown>) => post('/v1/gate/scan', token, body);

  it('logs the gate’s direction and answers the verdict only, no whole numbers; a repeat of the same scanner logs nothing', async () => {
    t.clock.advance(3 * CODE_STEP_SECONDS * 1000);
    // The person opened the pass for entering, but this gate is the exit: the gate's direction is what happened.
    const code = (await myPass(resident, 1)).body.data.userCard.code as string;
    const before = await logCount();
    const first = await rush(duty, { poiId: HOME, code, pass: 2 });
    expect(first.body).toEqual({ code: 200, message: expect.any(String), data: { name: '陈明', owner: '业主', ptype: 1, backDay: null, pass: 2, at: Math.floor(t.clock.now().getTime() / 1000), repeat: false } });
    expect(JSON.stringify(first.body)).not.toContain('13800000004');
    expect((await rush(duty, { poiId: HOME, code, pass: 2 })).body.data.repeat).toBe(true);
    expect(await logCount()).toBe(before + 1);
    const logs = (await post('/v1/userCard/userLog', duty, { poiId: HOME })).body.data.logs;
    expect(logs[0]).toMatchObject({ name: '陈明', pass: 2 });
    // The page that showed the code learns it was used.
    expect((await post('/v1/userCard/checkCodeInfo', resident, { poiId: HOME, code })).body.data.codeInfo.isUse).toBe(1);
    t.clock.advance(1000);
  });

  it('refuses with the reason: spent, out of its window, forged, another community’s; and bad input', async () => {
    t.clock.advance(3 * CODE_STEP_SECONDS * 1000);
    const card = (await myPass(resident, 1)).body.data.userCard;
    const step = codeStepAt(t.clock.now().getTime());
    const before = await logCount();
    expect((await rush(duty, { poiId: HOME, code: signedPassCodeAt(phone, 1, step - 2), pass: 1 })).body).toMatchObject({ code: 409, message: '该通行码已过期，请让对方刷新通行证' });
    // The code's last characters changed (never to what they were: a code ending in 00 made this a real one).
    const forged = card.code.slice(0, -2) + (card.code.endsWith('00') ? '11' : '00');
    expect((await rush(duty, { poiId: HOME, code: forged, pass: 1 })).body).toMatchObject({ code: 404, message: '通行码无效' });
    expect((await rush(await staffOf(t, 'DEMO000002'), { poiId: 'DEMO000002', code: card.code, pass: 1 })).body).toMatchObject({ code: 404, message: '通行码无效' });
    expect((await rush(resident, { poiId: HOME, code: card.code, pass: 1 })).status).toBe(403);
    expect((await rush(duty, { poiId: HOME, code: card.code, pass: 3 })).body).toMatchObject({ code: 400, message: '通行方向不正确' });
    expect((await rush(duty, { poiId: HOME, code: '', pass: 1 })).body).toMatchObject({ code: 400, message: '通行码无效' });
    expect(await logCount()).toBe(before);
    expect((await rush(duty, { poiId: HOME, code: card.code, pass: 1 })).status).toBe(200);
    expect((await rush(manager, { poiId: HOME, code: card.code, pass: 1 })).body).toMatchObject({ code: 409, message: '该通行码已使用，请让对方刷新通行证' });
    expect(await logCount()).toBe(before + 1);
    t.clock.advance(1000);
  });
});

describe('who may do what', () => {
  it('keeps codes, scans and logs within the community and the person', async () => {
    t.clock.advance(3 * CODE_STEP_SECONDS * 1000);
    const card = (await myPass(resident)).body.data.userCard;
    const strangerStaff = await staffOf(t, 'DEMO000002');
    const visitor = await t.login('13800000005');
    const other = await t.login(freshMobile());

    expect((await post('/v1/userCard/userInfo', strangerStaff, { poiId: HOME, code: card.code })).status).toBe(403);
    expect((await post('/v1/userCard/userInfo', strangerStaff, { poiId: 'DEMO000002', code: card.code })).status).toBe(404);
    expect((await post('/v1/userCard/userInfo', visitor, { poiId: HOME, code: card.code })).status).toBe(403);
    expect((await post('/v1/userCard/checkCodeInfo', other, { poiId: HOME, code: card.code })).status).toBe(404);
    expect((await post('/v1/userCard/userLog', resident, { poiId: HOME })).status).toBe(403);
    expect((await post('/v1/userCard/userLog', strangerStaff, { poiId: HOME })).status).toBe(403);
    expect((await post('/v1/userCard/list', visitor, { poiId: HOME })).status).toBe(403);
    expect((await post('/v1/userCard/verify', strangerStaff, { poiId: HOME, _id: '00000000-0000-4000-8000-000000000000', status: 1 })).status).toBe(403);
    // The code is still unused after all the refusals.
    expect((await post('/v1/userCard/checkCodeInfo', resident, { poiId: HOME, code: card.code })).body.data.codeInfo.isUse).toBe(0);
  });

  it('answers 423 without a token and 424 with a revoked one on every pass endpoint', async () => {
    const token = await t.login(freshMobile());
    await post('/v1/auth/logout', token);
    for (const url of ['/v1/userCard', '/v1/userCard/userProfile', '/v1/userCard/list', '/v1/userCard/userInfo', '/v1/userCard/verify', '/v1/userCard/checkCodeInfo', '/v1/userCard/userLog']) {
      expect((await post(url, null, { poiId: HOME })).status, url).toBe(423);
      expect((await post(url, token, { poiId: HOME })).status, url).toBe(424);
    }
    expect((await t.app.inject({ method: 'GET', url: `/v1/userCard/my?poiId=${HOME}` })).statusCode).toBe(423);
  });
});
