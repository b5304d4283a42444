import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beijingDateTime } from '@sq/contract/beijing-time';
import { Msg } from '@sq/contract/messages';
import { CODE_STEP_SECONDS, codeStepAt } from '@sq/contract/pass/code-steps';
import { signedPassCodeAt } from '@sq/contract/pass/signed-code';
import { visitorPhoneKey } from '../support/phone-keys';
import { entryLogs, invitations, notifications } from '../../src/db/schema';
import { startFakeSms } from '../support/fake-sms';
import { freshMobile, idCard, poster, staffOf } from '../support/factories';
import { readXlsx } from '../support/read-xlsx';
import { createTestApp, type TestApp } from '../support/test-app';

const HOME = 'DEMO000001';
const OTHER = 'DEMO000002';
const HOUR = 3_600_000;
let t: TestApp;
let post: ReturnType<typeof poster>;
let sms: Awaited<ReturnType<typeof startFakeSms>>;
let resident: string;
let visitorAccount: string;
let duty: string;
let manager: string;

beforeAll(async () => {
  sms = await startFakeSms();
  t = await createTestApp({ seed: true, env: { NOTIFY_SMS_WEBHOOK_URL: sms.url, NOTIFY_EVERY_MS: '30', PUBLIC_ORIGIN: 'https://sq.example.cn' } });
  post = poster(t);
  [resident, visitorAccount, duty, manager] = [await t.login('13800000004'), await t.login('13800000005'), await t.login('13800000003'), await t.login('13800000002')];
});
afterAll(async () => {
  await t.close();
  await sms.close();
});

/** A Beijing "YYYY-MM-DD HH:mm" `ms` from the test clock's now. */
const minuteFromNow = (ms: number) => beijingDateTime(new Date(t.clock.now().getTime() + ms));
const tokenOf = (link: string) => new URL(link).searchParams.get('t')!;

async function invite(token: string, over: Record<string, unknown> = {}) {
  return post('/v1/visits/invite', token, { poiId: HOME, name: '王访客', mobile: freshMobile(), start: minuteFromNow(HOUR), end: minuteFromNow(5 * HOUR), entries: 1, ...over });
}
async function visitorPass(token: string, direction = 1) {
  const res = await t.app.inject({ method: 'GET', url: `/v1/visits/pass?t=${encodeURIComponent(token)}&pass=${direction}` });
  return { status: res.statusCode, body: res.json() };
}
/** A code the visitor's page shows now: the server's own for this step (the phone's signed ones are tested below). */
async function codeNow(token: string, direction = 1) {
  return (await visitorPass(token, direction)).body.data.userCard.code as string;
}
const scan = (code: string, who = duty) => post('/v1/userCard/userInfo', who, { poiId: HOME, code });
const allowDocumentless = (on: boolean) => post('/v1/manage/visits/settings', manager, { poiId: HOME, withoutDocument: on ? 1 : 0 });
/** Past each spent window (a use spends that direction's codes for three steps). */
const nextWindow = () => t.clock.advance(3 * CODE_STEP_SECONDS * 1000);

describe('visitors invited by residents', () => {
  it('sends the visitor an SMS with a link to a pass that opens inside the window, after they give a document', async () => {
    const mobile = freshMobile();
    const made = await invite(resident, { mobile, plate: '京N12345', entries: 2 });
    expect(made.body.code).toBe(200);
    const inv = made.body.data.invitation;
    expect(inv).toMatchObject({ name: '王访客', mobile: `${mobile.slice(0, 3)}****${mobile.slice(7)}`, plate: '京N***45', entries: 2, entriesUsed: 0, status: 'waiting', scans: [] });
    expect(made.body.data.remainingToday).toBe(9);
    expect(inv.link).toMatch(/^https:\/\/sq\.example\.cn\/visit\?t=[A-Za-z0-9_-]{44}$/);
    // Stored encrypted: neither the mobile nor the plate is readable in the table.
    const [row] = await t.database.db.select().from(invitations).where(eq(invitations.id, inv._id));
    expect(JSON.stringify(row)).not.toContain(mobile);
    expect(JSON.stringify(row)).not.toContain('京N12345');

    // The SMS goes to the visitor's mobile through the gateway, with the same link.
    await until(() => sms.state.received.find((m) => m.mobile === mobile), Boolean, 'the visitor SMS');
    const text = sms.state.received.find((m) => m.mobile === mobile)!.text!;
    expect(text).toContain('陈*邀请您');
    expect(text).toContain('望京花园西区');
    expect(text.endsWith(inv.link)).toBe(true);
    // The outbox keeps no token: the link is made again when sent.
    const stored = await t.database.db.select().from(notifications).where(eq(notifications.kind, 'visitorInvited'));
    expect(JSON.stringify(stored)).not.toContain(tokenOf(inv.link));

    const token = tokenOf(inv.link);
    const before = (await visitorPass(token)).body.data;
    expect(before.visit).toMatchObject({ community: '望京花园西区', inviter: '陈*', name: '王访客', status: 'waiting', needsDocument: true, entries: 2 });
    expect(before.userCard).toMatchObject({ owner: '访客', code: '', qr: '', codeKey: null });

    // In the window, but this community asks for a document first.
    t.clock.advance(HOUR + 60_000);
    expect((await visitorPass(token)).body.data.userCard.code).toBe('');
    expect((await post('/v1/visits/document', null, { t: token, cardType: 'id', card: '110101199003070000', consent: 1 })).body).toMatchObject({ code: 400, message: '请输入正确的身份证号' });
    expect((await post('/v1/visits/document', null, { t: token, cardType: 'passport', card: 'E12345678', consent: 1 })).body).toMatchObject({ code: 400, message: '请选择国籍' });
    expect((await post('/v1/visits/document', null, { t: token, card: idCard() })).body).toMatchObject({ code: 400, message: '请阅读并同意个人信息处理说明' });
    const card = idCard();
    expect((await post('/v1/visits/document', null, { t: token, card, consent: 1 })).body).toMatchObject({ code: 200 });
    const [withDoc] = await t.database.db.select().from(invitations).where(eq(invitations.id, inv._id));
    expect(withDoc!.cardEnc).not.toContain(card);
    expect(withDoc!.consentAt).not.toBeNull();

    const open = (await visitorPass(token)).body.data;
    expect(open.visit).toMatchObject({ status: 'open', needsDocument: false });
    const qr = new URL(open.userCard.qr);
    expect(qr.pathname).toBe('/xxdetail');
    expect(qr.searchParams.get('poiId')).toBe(HOME);

    // The duty staff scan it: the visitor, who invited them, the log line, the resident told.
    const scanned = await scan(open.userCard.code);
    expect(scanned.body.code).toBe(200);
    expect(scanned.body.data.userCard).toMatchObject({ name: '王访客', owner: '访客', mobile, card, plates: ['京N12345'] });
    expect(scanned.body.data.visit).toMatchObject({ inviter: '陈明', entries: 2, entriesUsed: 1, cancelled: false });
    const logs = (await post('/v1/userCard/userLog', duty, { poiId: HOME })).body.data.logs;
    expect(logs[0]).toMatchObject({ name: '王访客', owner: '访客', pass: 1, invited: true });
    const mine = (await post('/v1/visits/mine', resident, { poiId: HOME })).body.data;
    expect(mine.invitations[0]).toMatchObject({ _id: inv._id, entriesUsed: 1, status: 'open', scans: [{ pass: 1 }] });
    const told = (await post('/v1/notifications', resident, {})).body.data;
    expect(told.notifications[0]).toMatchObject({ kind: 'visitorArrived', title: '访客已到' });
    expect((await visitorPass(token)).body.data.visit.lastScan).toMatchObject({ pass: 1 });
    // 我的信息 lists whom the resident invited (the visitor's number masked: it is not theirs).
    const mydata = (await t.app.inject({ method: 'GET', url: '/v1/mydata', headers: { token: resident } })).json().data;
    expect(mydata.invitations.find((i: { name: string; entries: number }) => i.entries === 2)).toMatchObject({ community: '望京花园西区', name: '王访客', mobile: `${mobile.slice(0, 3)}****${mobile.slice(7)}`, cancelled: false });
    // The link's token is the visitor's pass: never in the logs, nor their mobile or document.
    for (const secret of [token, mobile, card]) expect(t.logs()).not.toContain(secret);

    // Out and in again (2 entries), then no entry is left; leaving still works.
    nextWindow();
    expect((await scan(await codeNow(token, 2))).body.code).toBe(200);
    nextWindow();
    expect((await scan(await codeNow(token, 1))).body.code).toBe(200);
    nextWindow();
    expect((await visitorPass(token)).body.data.visit.status).toBe('used');
    const third = (await visitorPass(token, 1)).body.data.userCard;
    expect(third.code).toBe('');
    expect((await scan(await codeNow(token, 2))).body.code).toBe(200);
  });

  it('refuses the visitor before and after the window, and lets them leave a few hours after it', async () => {
    await allowDocumentless(true);
    const inv = (await invite(resident, { start: minuteFromNow(2 * HOUR), end: minuteFromNow(3 * HOUR) })).body.data.invitation;
    const token = tokenOf(inv.link);
    const key = (await visitorPass(token)).body.data.userCard.codeKey;
    expect(key).toBeNull();
    // A code made anyway (the pass id and the community key are what the gate checks): refused before the window.
    t.clock.advance(2 * HOUR + 60_000);
    const inside = (await visitorPass(token)).body.data.userCard;
    expect(inside.code).not.toBe('');
    // The visitor's phone registers its own key and makes its codes with it.
    const codeKey = await visitorPhoneKey(t, token);
    expect((await visitorPass(token)).body.data.userCard.codeKey).toMatchObject({ id: codeKey.id, kids: [codeKey.kid] });
    t.clock.advance(-HOUR);
    expect((await scan(signedPassCodeAt(codeKey, 1, codeStepAt(t.clock.now().getTime())))).body).toEqual({ code: 409, message: '不在邀请的来访时间内', data: null });
    // Inside: in.
    t.clock.advance(HOUR);
    expect((await scan(signedPassCodeAt(codeKey, 1, codeStepAt(t.clock.now().getTime())))).body.code).toBe(200);
    // After the end: no way in, but out for a few hours more.
    t.clock.advance(HOUR);
    expect((await scan(signedPassCodeAt(codeKey, 1, codeStepAt(t.clock.now().getTime())))).body.message).toBe('不在邀请的来访时间内');
    expect((await visitorPass(token)).body.data.visit.status).toBe('ended');
    expect((await scan(signedPassCodeAt(codeKey, 2, codeStepAt(t.clock.now().getTime())))).body.code).toBe(200);
    t.clock.advance(7 * HOUR);
    expect((await scan(signedPassCodeAt(codeKey, 2, codeStepAt(t.clock.now().getTime())))).body.message).toBe('不在邀请的来访时间内');
    await allowDocumentless(false);
  });

  it('stops a cancelled invitation at once; its resident and the managers may cancel, nobody else', async () => {
    await allowDocumentless(true);
    const inv = (await invite(resident, { start: minuteFromNow(-60_000 + 120_000), end: minuteFromNow(4 * HOUR) })).body.data.invitation;
    t.clock.advance(120_000);
    const token = tokenOf(inv.link);
    const code = await codeNow(token);
    expect(code).not.toBe('');
    const stranger = await t.login(freshMobile());
    expect((await post('/v1/visits/cancel', stranger, { poiId: HOME, _id: inv._id })).body).toMatchObject({ code: 404, message: '邀请不存在或已删除' });
    expect((await post('/v1/visits/cancel', duty, { poiId: HOME, _id: inv._id })).body.code).toBe(404);
    expect((await post('/v1/visits/cancel', await staffOf(t, OTHER, 1), { poiId: OTHER, _id: inv._id })).body.code).toBe(404);
    const cancelled = await post('/v1/visits/cancel', resident, { poiId: HOME, _id: inv._id });
    expect(cancelled.body.data.invitation.status).toBe('cancelled');
    expect((await scan(code)).body).toEqual({ code: 409, message: '该访客邀请已取消', data: null });
    expect((await visitorPass(token)).body.data.visit.status).toBe('cancelled');
    expect((await post('/v1/visits/cancel', resident, { poiId: HOME, _id: inv._id })).body).toMatchObject({ code: 409, message: '该邀请已取消' });
    // A manager cancels another one (audited).
    const other = (await invite(resident)).body.data.invitation;
    expect((await post('/v1/visits/cancel', manager, { poiId: HOME, _id: other._id })).body.data.invitation.status).toBe('cancelled');
    await allowDocumentless(false);
  });

  it('puts invited visitors in the offline scanner’s kit, and logs their offline scans when synced', async () => {
    await allowDocumentless(true);
    const inv = (await invite(resident, { start: minuteFromNow(60_000), end: minuteFromNow(3 * HOUR), entries: 1 })).body.data.invitation;
    const gone = (await invite(resident, { start: minuteFromNow(60_000), end: minuteFromNow(3 * HOUR) })).body.data.invitation;
    await post('/v1/visits/cancel', resident, { poiId: HOME, _id: gone._id });
    t.clock.advance(2 * 60_000);
    const kit = (await t.app.inject({ method: 'GET', url: `/v1/gate/offlineKit?poiId=${HOME}`, headers: { token: duty } })).json().data;
    const token = tokenOf(inv.link);
    const key = await visitorPhoneKey(t, token);
    const kitNow = (await t.app.inject({ method: 'GET', url: `/v1/gate/offlineKit?poiId=${HOME}`, headers: { token: duty } })).json().data;
    expect(kitNow.passes).toContainEqual(expect.objectContaining({ id: key.id, keys: [expect.objectContaining({ kid: key.kid })], name: '王访客', owner: '访客', visit: { start: inv.start, end: inv.end, entries: 1, entriesUsed: 0 } }));
    expect(kit.ended).toContainEqual(expect.objectContaining({ name: '王访客', why: 'cancelled' }));

    // Scanned with no signal, in and (later) in again: both logged offline, the second marked (no entry left).
    const at1 = t.clock.now().getTime();
    const first = signedPassCodeAt(key, 1, codeStepAt(at1));
    const at2 = at1 + 10 * 60_000;
    const second = signedPassCodeAt(key, 1, codeStepAt(at2));
    t.clock.advance(11 * 60_000);
    const sent = await post('/v1/gate/offlineScans', duty, { poiId: HOME, scans: [{ code: first, pass: 1, at: at1, kit: kitNow.kitId }, { code: second, pass: 1, at: at2, kit: kitNow.kitId }] });
    expect(sent.body.data.results.map((r: { result: string }) => r.result)).toEqual(['logged', 'conflict']);
    const lines = await t.database.db.select().from(entryLogs).where(eq(entryLogs.invitationId, inv._id));
    expect(lines.map((l) => [l.offline, l.conflict])).toEqual([[true, false], [true, true]]);
    expect((await post('/v1/visits/mine', resident, { poiId: HOME })).body.data.invitations.find((i: { _id: string }) => i._id === inv._id).entriesUsed).toBe(2);
    await allowDocumentless(false);
  });

  it('shows the community’s invitations to its staff only, exports them, and lets only managers change the setting', async () => {
    const list = await post('/v1/manage/visits', duty, { poiId: HOME });
    expect(list.body.data.invitations.length).toBeGreaterThan(3);
    expect(list.body.data.invitations[0]).toMatchObject({ inviter: { name: '陈明' } });
    expect(list.body.data.withoutDocument).toBe(false);
    expect((await post('/v1/manage/visits', resident, { poiId: HOME })).body.code).toBe(403);
    expect((await post('/v1/manage/visits', await staffOf(t, OTHER, 1), { poiId: HOME })).body.code).toBe(403);
    expect((await post('/v1/manage/visits/settings', duty, { poiId: HOME, withoutDocument: 1 })).body).toMatchObject({ code: 403, message: '只有社区管理员和管理人员可以修改访客设置' });
    expect((await post('/v1/manage/visits/settings', manager, { poiId: HOME, withoutDocument: 'yes' })).body).toMatchObject({ code: 400, message: '请选择访客是否需要填写证件' });

    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/manage/visits?export=1',
      payload: new URLSearchParams({ poiId: HOME, token: manager, whole: '1' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    const sheet = await readXlsx(res.rawPayload);
    expect(sheet.rows[0]).toEqual(['访客姓名', '访客手机号', '车牌', '邀请人', '邀请人地址', '开始时间', '结束时间', '可进入次数', '已进入次数', '状态', '证件类型', '到访记录', '邀请时间']);
    const scannedRow = sheet.rows.find((r) => r[2] === '京N12345');
    expect(scannedRow).toBeTruthy();
    expect(scannedRow![9]).toBe('已结束');
    expect(String(scannedRow![11])).toMatch(/^进 .*；出 .*；进 .*；出 /);
    // The log export marks the visitors' lines.
    const logs = await t.app.inject({
      method: 'POST',
      url: '/v1/userCard/userLog?export=1',
      payload: new URLSearchParams({ poiId: HOME, token: manager }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect((await readXlsx(logs.rawPayload)).rows.some((r) => r[6] === '受邀访客')).toBe(true);
    const visitorLines = await t.database.db.select({ n: count() }).from(entryLogs).where(eq(entryLogs.owner, '访客'));
    expect(visitorLines[0]!.n).toBeGreaterThan(0);
  });

  it('masks the visitors’ numbers and plates in the export unless whole ones are asked for', async () => {
    const mobile = freshMobile();
    expect((await invite(resident, { mobile, plate: '京Q54321' })).body.code).toBe(200);
    const exported = async (fields: Record<string, string>) =>
      readXlsx(
        (
          await t.app.inject({
            method: 'POST',
            url: '/v1/manage/visits?export=1',
            payload: new URLSearchParams({ poiId: HOME, token: manager, ...fields }).toString(),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          })
        ).rawPayload,
      );
    const masked = await exported({});
    const row = masked.rows.find((r) => r[1] === `${mobile.slice(0, 3)}****${mobile.slice(7)}`);
    expect(row).toBeTruthy();
    expect(row![2]).toBe('京Q***21');
    expect(JSON.stringify(masked.rows)).not.toContain(mobile);
    expect(JSON.stringify(masked.rows)).not.toContain('京Q54321');
    expect((await exported({ whole: '1' })).rows.some((r) => r[1] === mobile && r[2] === '京Q54321')).toBe(true);
  });

  it('honours the community’s “document required” at the gate: a visitor’s code from before the change is refused until a document is given', async () => {
    await allowDocumentless(true);
    const inv = (await invite(resident, { start: minuteFromNow(60_000), end: minuteFromNow(3 * HOUR) })).body.data.invitation;
    t.clock.advance(2 * 60_000);
    const token = tokenOf(inv.link);
    const phone = await visitorPhoneKey(t, token);
    // The community now asks for a document: the code the visitor's phone makes is refused at the gate.
    await allowDocumentless(false);
    nextWindow();
    expect((await scan(signedPassCodeAt(phone, 1, codeStepAt(t.clock.now().getTime())))).body).toEqual({ code: 409, message: '访客尚未填写证件信息', data: null });
    expect((await visitorPass(token)).body.data.visit.needsDocument).toBe(true);
    // Once the document is given, the same phone's codes open.
    expect((await post('/v1/visits/document', null, { t: token, card: idCard(), consent: 1 })).body.code).toBe(200);
    nextWindow();
    expect((await scan(signedPassCodeAt(phone, 1, codeStepAt(t.clock.now().getTime())))).status).toBe(200);
  });

  it('refuses bad input, non-residents, forged links and the eleventh invitation of a day, writing nothing', async () => {
    const countRows = async () => (await t.database.db.select({ n: count() }).from(invitations))[0]!.n;
    const before = await countRows();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, '请输入访客姓名'],
      [{ mobile: '' }, '请输入访客手机号'],
      [{ mobile: '12345' }, '请输入正确的访客手机号（境外号码请以“+”和国家或地区代码开头）'],
      [{ start: '明天' }, '请选择来访开始时间'],
      [{ end: '2026-02-30 10:00' }, '请选择来访结束时间'],
      [{ start: minuteFromNow(3 * HOUR), end: minuteFromNow(2 * HOUR) }, '结束时间须晚于开始时间'],
      [{ start: minuteFromNow(-3 * HOUR), end: minuteFromNow(-2 * HOUR) }, '结束时间已过，请重新选择'],
      [{ end: minuteFromNow(9 * 24 * HOUR) }, '来访时段最长 7 天'],
      [{ start: minuteFromNow(40 * 24 * HOUR), end: minuteFromNow(40 * 24 * HOUR + HOUR) }, '只能邀请 30 天内的来访'],
      [{ entries: 0 }, '进入次数为 1–10 次'],
      [{ entries: 11 }, '进入次数为 1–10 次'],
      [{ plate: '京I12345' }, '车牌号格式不正确（如 京A12345，新能源车如 京AD12345）'],
      // Wrong types, control characters, oversized values.
      [{ name: { first: '王' } }, '请输入访客姓名'],
      [{ entries: 'many' }, '进入次数为 1–10 次'],
      [{ name: '王\u0000访客' }, Msg.controlCharacter],
      [{ name: '王'.repeat(33) }, '访客姓名过长'],
      [{ plate: '京A'.repeat(40) }, '车牌号格式不正确（如 京A12345，新能源车如 京AD12345）'],
    ];
    for (const [over, message] of cases) expect((await invite(resident, over)).body, message).toMatchObject({ code: 400, message });
    // The demo visitor, someone without a registration, staff of another community: not residents here.
    expect((await invite(visitorAccount)).body).toMatchObject({ code: 403, message: '只有本社区登记已通过的住户可以邀请访客' });
    expect((await invite(await t.login(freshMobile()))).body.code).toBe(403);
    expect((await post('/v1/visits/invite', null, { poiId: HOME })).body.code).toBe(423);
    expect(await countRows()).toBe(before);
    // The visitor's endpoints: a link too long, a document of the wrong type or size, a control character.
    expect((await visitorPass('x'.repeat(200))).body).toMatchObject({ code: 400, message: '邀请链接无效，请向邀请您的住户重新索取' });
    const someLink = tokenOf((await invite(resident)).body.data.invitation.link);
    expect((await post('/v1/visits/document', null, { t: someLink, card: { n: 1 }, consent: 1 })).body).toMatchObject({ code: 400, message: '请输入证件号码' });
    expect((await post('/v1/visits/document', null, { t: someLink, card: '1'.repeat(500), consent: 1 })).body).toMatchObject({ code: 400, message: '请输入正确的身份证号' });
    expect((await post('/v1/visits/document', null, { t: someLink, card: '1101\u0000', consent: 1 })).body).toMatchObject({ code: 400, message: Msg.controlCharacter });
    // Forged and altered links.
    expect((await visitorPass('x'.repeat(44))).body).toMatchObject({ code: 404, message: '邀请链接无效，请向邀请您的住户重新索取' });
    const real = tokenOf((await invite(resident)).body.data.invitation.link);
    expect((await visitorPass(real.slice(0, 43) + (real.endsWith('A') ? 'B' : 'A'))).body.code).toBe(404);
    // The daily limit: ten a day (four made above in this Beijing day, maybe more from earlier tests).
    let made = 0;
    for (;;) {
      const res = await invite(resident);
      if (res.body.code !== 200) {
        expect(res.body).toMatchObject({ code: 429, message: '今天的访客邀请已达 10 次，请明天再试' });
        break;
      }
      made++;
      expect(made).toBeLessThan(11);
    }
    expect((await post('/v1/visits/mine', resident, { poiId: HOME })).body.data.remainingToday).toBe(0);
  });
});

async function until<T>(read: () => T | Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
