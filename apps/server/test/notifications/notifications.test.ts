import { addDays, beijingDate } from '@sq/contract/beijing-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSms } from '../support/fake-sms';
import { startFakeWechat } from '../support/fake-wechat';
import { freshMobile, idCard, poster } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

const HOME = 'DEMO000001';
const TEMPLATE = 'tmpl-notify-0001';
let t: TestApp;
let post: ReturnType<typeof poster>;
let manager: string;
let duty: string;
let sms: Awaited<ReturnType<typeof startFakeSms>>;
let wechat: Awaited<ReturnType<typeof startFakeWechat>>;

beforeAll(async () => {
  [sms, wechat] = await Promise.all([startFakeSms(), startFakeWechat()]);
  t = await createTestApp({ seed: true, env: { ...wechat.env, WECHAT_NOTIFY_TEMPLATE_ID: TEMPLATE, NOTIFY_SMS_WEBHOOK_URL: sms.url, NOTIFY_EVERY_MS: '30' } });
  post = poster(t);
  [manager, duty] = [await t.login('13800000002'), await t.login('13800000003')];
});
afterAll(async () => {
  await t.close();
  await Promise.all([sms.close(), wechat.close()]);
});

/** Waits for the background worker (it runs every 30 ms here; a busy machine may be slower). */
async function until<T>(read: () => T | Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function registered() {
  const mobile = freshMobile();
  const token = await t.login(mobile);
  const { body } = await post('/v1/userCard', token, { poiId: HOME, name: '通知测试', mobile, card: idCard(), owner: '业主', address: '1号楼', isReturn: 0 });
  return { mobile, token, id: body.data._id as string };
}
const list = async (token: string) => (await post('/v1/notifications', token, {})).body.data as { notifications: { _id: string; kind: string; title: string; body: string; link: string; read: boolean }[]; unread: number };
const smsTo = (mobile: string) => sms.state.received.filter((m) => m.mobile === mobile);
const myCode = async (token: string, pass = 1) =>
  (await t.app.inject({ method: 'GET', url: `/v1/userCard/my?poiId=${HOME}&pass=${pass}`, headers: { token } })).json().data.userCard.code as string;
const deliveries = async (mobile: string) =>
  (
    (await t.database.db.execute(
      `select d.channel, d.status, d.attempts from notification_deliveries d join notifications n on n.id = d.notification_id join users u on u.id = n.user_id where u.mobile_hash = '${t.pii.hash(mobile)}' order by d.id`,
    )) as unknown as { rows: { channel: string; status: string; attempts: number }[] }
  ).rows;

/** The person's one SMS delivery as the worker left it. */
const retryOf = async (mobile: string) =>
  (
    (await t.database.db.execute(
      `select d.attempts, d.last_error as "lastError", d.next_at as "nextAt" from notification_deliveries d join notifications n on n.id = d.notification_id join users u on u.id = n.user_id where u.mobile_hash = '${t.pii.hash(mobile)}' and d.channel = 'sms' order by d.id limit 1`,
    )) as unknown as { rows: { attempts: number; lastError: string | null; nextAt: Date }[] }
  ).rows.map((r) => ({ ...r, nextAt: new Date(r.nextAt) }))[0];

describe('notifications', () => {
  it('tells a resident of the review in the app and by SMS, and of each scan in the app only', async () => {
    const { mobile, token, id } = await registered();
    expect((await post('/v1/userCard/verify', manager, { poiId: HOME, _id: id, status: 1 })).status).toBe(200);
    const approved = await list(token);
    expect(approved.unread).toBe(1);
    expect(approved.notifications[0]).toMatchObject({ kind: 'registrationApproved', title: '登记已通过', body: '您在望京花园西区的出入登记已审核通过，可以使用通行证了。', link: `/pcheck?poiId=${HOME}`, read: false });
    const [text] = await until(() => smsTo(mobile), (l) => l.length === 1, 'the SMS');
    expect(text).toEqual({ mobile, kind: 'registrationApproved', text: '【社区服务】您在望京花园西区的出入登记已审核通过，可以使用通行证了。' });

    // The gate: in the app, never by SMS (each scan would cost a message).
    t.clock.advance(60_000);
    await post('/v1/userCard/userInfo', duty, { poiId: HOME, code: await myCode(token, 1) });
    // The same staff member scanning again within the grace period is one entry, one notice.
    t.clock.advance(60_000);
    const code = await myCode(token, 2);
    await post('/v1/userCard/userInfo', duty, { poiId: HOME, code });
    await post('/v1/userCard/userInfo', duty, { poiId: HOME, code });
    const scanned = await list(token);
    await until(() => deliveries(mobile), (d) => d.every((x) => x.status !== 'pending'), 'the approval SMS settled');
    expect(scanned.notifications.map((n) => n.title)).toEqual(['扫码出门', '扫码进门', '登记已通过']);
    expect(scanned.notifications[0]!.body).toMatch(/^您的通行证于\d{4}-\d{2}-\d{2} \d{2}:\d{2}在望京花园西区扫码出门。/);
    expect(await deliveries(mobile)).toEqual([{ channel: 'sms', status: 'sent', attempts: 1 }]);

    // Revoked, with the reason.
    t.clock.advance(60_000);
    await post('/v1/userCard/verify', manager, { poiId: HOME, _id: id, status: -1, reason: '已搬离本小区' });
    expect((await list(token)).notifications[0]).toMatchObject({ kind: 'registrationRevoked', body: '您在望京花园西区的通行证已被撤销，原因：已搬离本小区。如有疑问请联系物业。' });
    await until(() => smsTo(mobile), (l) => l.length === 2, 'the second SMS');

    // Read: one, then all; someone else's ids change nothing.
    const [first] = (await list(token)).notifications;
    expect((await post('/v1/notifications/read', manager, { ids: [first!._id] })).body.data).toEqual({ unread: expect.any(Number) });
    expect((await list(token)).unread).toBe(4);
    expect((await post('/v1/notifications/read', token, { ids: [first!._id] })).body.data).toEqual({ unread: 3 });
    expect((await post('/v1/notifications/read', token, {})).body.data).toEqual({ unread: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/v1/notifications/unread', headers: { token } })).json().data).toEqual({ unread: 0 });
  });

  it('sends a subscription notice to a bound WeChat, and does not retry one the person refused', async () => {
    const { mobile, token, id } = await registered();
    const [user] = (
      (await t.database.db.execute(`select id from users where mobile_hash = '${t.pii.hash(mobile)}'`)) as unknown as { rows: { id: string }[] }
    ).rows;
    const openid = `o_notify_${mobile}`;
    await t.database.db.execute(`insert into wechat_identities (openid_hash, openid_enc, user_id) values ('${t.pii.hash(openid)}', '${t.pii.encrypt(openid)}', '${user!.id}')`);
    wechat.state.refuseNext = 0;
    await post('/v1/userCard/verify', manager, { poiId: HOME, _id: id, status: -1, reason: '证件照片不清晰' });
    const [notice] = await until(() => wechat.state.notices.filter((n) => n.touser === openid), (l) => l.length === 1, 'the WeChat notice');
    expect(notice).toMatchObject({ template_id: TEMPLATE, data: { thing1: { value: '登记被退回' }, thing2: { value: expect.stringMatching(/^您在望京花园西区的出入登记被退回修改.{0,3}…$/) }, time3: { value: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/) } } });
    await until(() => deliveries(mobile), (d) => d.every((x) => x.status === 'sent'), 'both deliveries');
    expect((await list(token)).notifications[0]!.body).toBe('您在望京花园西区的出入登记被退回修改，原因：证件照片不清晰。请修改后重新提交。');

    // The person unsubscribed (43101): skipped, never retried.
    wechat.state.refuseNext = 43101;
    await post('/v1/userCard', token, { poiId: HOME, name: '通知测试', mobile, card: idCard(), owner: '业主', address: '1号楼', isReturn: 0 });
    await post('/v1/userCard/verify', manager, { poiId: HOME, _id: id, status: 1 });
    const settled = await until(() => deliveries(mobile), (d) => d.length === 4 && d.every((x) => x.status !== 'pending'), 'the refused notice settled');
    expect(settled.slice(2)).toEqual([
      { channel: 'sms', status: 'sent', attempts: 1 },
      { channel: 'wechat', status: 'skipped', attempts: 1 },
    ]);
  });

  it('retries an SMS the gateway did not take, and sends what a process left half-sent', async () => {
    const { mobile, id } = await registered();
    sms.state.failNext = 2;
    await post('/v1/userCard/verify', manager, { poiId: HOME, _id: id, status: 1 });
    // Settled, not only claimed (a claim clears last_error): the retry is due 10 s on (a claim holds it for a minute).
    const retryScheduled = (attempts: number, wait: number) =>
      until(
        () => retryOf(mobile),
        (r) => r?.attempts === attempts && r.lastError !== null && r.nextAt.getTime() <= t.clock.now().getTime() + wait,
        `attempt ${attempts} settled`,
      );
    await retryScheduled(1, 10_000);
    expect(smsTo(mobile)).toHaveLength(0);
    // Retries wait 10 s, then a minute: nothing is sent before.
    t.clock.advance(11_000);
    await retryScheduled(2, 60_000);
    t.clock.advance(61_000);
    await until(() => smsTo(mobile), (l) => l.length === 1, 'the SMS after two failures');
    // The gateway has it; the worker settles the row once the answer is back.
    await until(() => deliveries(mobile), (d) => d[0]?.status === 'sent', 'the delivery settled');
    expect(await deliveries(mobile)).toEqual([{ channel: 'sms', status: 'sent', attempts: 3 }]);

    // A process that claimed a delivery (attempt counted, leased for a minute) and died before
    // settling it: due again once its lease ends.
    await t.database.db.execute(
      `insert into notification_deliveries (notification_id, channel, attempts, next_at)
       select n.id, 'sms', 1, '${new Date(t.clock.now().getTime() + 60_000).toISOString()}' from notifications n join users u on u.id = n.user_id
       where u.mobile_hash = '${t.pii.hash(mobile)}'`,
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(smsTo(mobile)).toHaveLength(1);
    t.clock.advance(61_000);
    await until(() => smsTo(mobile), (l) => l.length === 2, 'the SMS left by the dead process');
  });

  it('lets a person turn a kind off, and reminds managers of reviews waiting past their hours, once a day', async () => {
    const { token, id } = await registered();
    await post('/v1/userCard/verify', manager, { poiId: HOME, _id: id, status: 1 });
    const off = await post('/v1/notifications/settings', token, { kind: 'passScanned', enabled: false });
    // A resident sees the kinds that can reach them: not the managers' reminder.
    expect(off.body.data.settings).toEqual([
      { kind: 'registrationApproved', enabled: true, hours: null },
      { kind: 'registrationReturned', enabled: true, hours: null },
      { kind: 'registrationRevoked', enabled: true, hours: null },
      { kind: 'passScanned', enabled: false, hours: null },
      { kind: 'visitorArrived', enabled: true, hours: null },
      { kind: 'boardHeld', enabled: true, hours: null },
      { kind: 'boardRemoved', enabled: true, hours: null },
      { kind: 'boardMuted', enabled: true, hours: null },
      { kind: 'boardCommented', enabled: true, hours: null },
      { kind: 'eventPromoted', enabled: true, hours: null },
      { kind: 'eventReminder', enabled: true, hours: null },
      { kind: 'eventCancelled', enabled: true, hours: null },
      { kind: 'eventReviewed', enabled: true, hours: null },
      { kind: 'photoRemoval', enabled: true, hours: null },
      { kind: 'spaceBooking', enabled: true, hours: null },
      { kind: 'merchantReviewed', enabled: true, hours: null },
      { kind: 'redbagOpened', enabled: true, hours: null },
      { kind: 'levelReached', enabled: true, hours: null },
      { kind: 'leaderReviewed', enabled: true, hours: null },
      { kind: 'leaderSuspended', enabled: true, hours: null },
      { kind: 'groupBuyDecided', enabled: true, hours: null },
      { kind: 'refundRequested', enabled: true, hours: null },
      { kind: 'refundDecided', enabled: true, hours: null },
      { kind: 'ownersVote', enabled: true, hours: null },
    ]);
    await post('/v1/userCard/userInfo', duty, { poiId: HOME, code: await myCode(token) });
    expect((await list(token)).notifications.map((n) => n.kind)).toEqual(['registrationApproved']);

    // The manager: reminded after 2 hours instead of 24. From 08:00 Beijing tomorrow, so the
    // hours below stay within one Beijing day whatever time the tests run at.
    t.clock.advance(Date.parse(`${addDays(beijingDate(t.clock.now()), 1)}T08:00:00+08:00`) - t.clock.now().getTime());
    const hours = await post('/v1/notifications/settings', manager, { kind: 'reviewsWaiting', enabled: true, hours: 2 });
    expect(hours.body.data.settings).toContainEqual({ kind: 'reviewsWaiting', enabled: true, hours: 2 });
    await post('/v1/notifications/read', manager, {});
    await registered(); // waits for review from now on
    t.clock.advance(3 * 3600_000);
    const reminded = await until(() => list(manager), (l) => l.notifications.some((n) => n.kind === 'reviewsWaiting'), 'the reminder');
    const reminder = reminded.notifications.find((n) => n.kind === 'reviewsWaiting')!;
    expect(reminder).toMatchObject({ title: '有登记待审核', link: `/records?poiId=${HOME}` });
    expect(reminder.body).toMatch(/^望京花园西区有\d+条出入登记已等待审核超过2小时，请及时处理。$/);
    // Later the same day: no second reminder.
    t.clock.advance(11 * 60_000);
    await new Promise((r) => setTimeout(r, 300));
    expect((await list(manager)).notifications.filter((n) => n.kind === 'reviewsWaiting')).toHaveLength(1);
  });

  it('answers bad input with a message and needs a login', async () => {
    const { token } = await registered();
    expect((await post('/v1/notifications/settings', token, { kind: 'nope', enabled: true })).body).toEqual({ code: 400, message: '通知类型不正确', data: null });
    expect((await post('/v1/notifications/settings', manager, { kind: 'reviewsWaiting', enabled: true, hours: 3 })).body).toEqual({ code: 400, message: '提醒时间不正确', data: null });
    expect((await post('/v1/notifications/read', token, { ids: ['x'] })).body).toEqual({ code: 400, message: '参数不正确', data: null });
    expect((await post('/v1/notifications', token, { page: 0 })).body).toEqual({ code: 400, message: '页码不正确', data: null });
    expect((await post('/v1/notifications', null, {})).status).toBe(423);
    expect((await t.app.inject({ method: 'GET', url: '/v1/notifications/unread' })).statusCode).toBe(423);
  });
});
