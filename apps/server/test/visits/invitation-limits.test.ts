import { and, count, eq, gte, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beijingDate, beijingDateTime, startOfBeijingDay } from '@sq/contract/beijing-time';
import { maskMobile } from '@sq/contract/rules';
import { INVITATIONS_PER_DAY, RESIDENT_SMS_ABROAD_PER_COMMUNITY_PER_DAY, RESIDENT_SMS_PER_COMMUNITY_PER_DAY, VisitMsg } from '@sq/contract/visits/visit-window';
import { invitations, notificationDeliveries, notifications, registrations, users } from '../../src/db/schema';
import { startFakeSms } from '../support/fake-sms';
import { freshMobile, idCard, poster } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The limits on invitations hold under parallel requests: a resident's ten a day, and the
 * community's caps on the SMS the invitations send (all of them, and those to numbers abroad).
 * Each burst is sent at once; exactly the allowed number is written and texted, every other
 * request is answered 429 with the limit's message.
 */
const HOME = 'DEMO000001';
const HOUR = 3_600_000;
let t: TestApp;
let post: ReturnType<typeof poster>;
let sms: Awaited<ReturnType<typeof startFakeSms>>;
let manager: string;

beforeAll(async () => {
  sms = await startFakeSms();
  t = await createTestApp({ seed: true, env: { NOTIFY_SMS_WEBHOOK_URL: sms.url, NOTIFY_EVERY_MS: '30', PUBLIC_ORIGIN: 'https://sq.example.cn' } });
  post = poster(t);
  manager = await t.login('13800000002');
});
afterAll(async () => {
  await t.close();
  await sms.close();
});

const minuteFromNow = (ms: number) => beijingDateTime(new Date(t.clock.now().getTime() + ms));
const todayStart = () => startOfBeijingDay(beijingDate(t.clock.now()));

/** A new person whose registration here the manager approved: they may invite. */
async function resident() {
  const mobile = freshMobile();
  const token = await t.login(mobile);
  const sent = await post('/v1/userCard', token, { poiId: HOME, name: '李邀请', mobile, card: idCard(), owner: '业主', address: '9号楼1单元101', isReturn: 0, consent: 1 });
  expect(sent.body.code, sent.body.message).toBe(200);
  expect((await post('/v1/userCard/verify', manager, { poiId: HOME, _id: sent.body.data._id, status: 1 })).body.code).toBe(200);
  return token;
}

const invite = (token: string, mobile: string) =>
  post('/v1/visits/invite', token, { poiId: HOME, name: '王访客', mobile, start: minuteFromNow(HOUR), end: minuteFromNow(3 * HOUR) });

let hk = 0;
/** A Hong Kong mobile (+852 9123 xxxx), different on each call. */
const hkMobile = () => `+8529123${String(hk++).padStart(4, '0')}`;

/** Sends every invitation at once; answers the answers. */
const burst = (invites: { token: string; mobile: string }[]) => Promise.all(invites.map((i) => invite(i.token, i.mobile)));

/** The SMS the fake gateway received for these mobiles, once the outbox has nothing left to send. */
async function textedTo(mobiles: string[]) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [waiting] = await t.database.db
      .select({ n: count() })
      .from(notificationDeliveries)
      .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
      .where(and(eq(notifications.kind, 'visitorInvited'), eq(notificationDeliveries.status, 'pending')));
    if (waiting!.n === 0) break;
    if (Date.now() > deadline) throw new Error('the outbox was not emptied');
    await new Promise((r) => setTimeout(r, 25));
  }
  const wanted = new Set(mobiles);
  return sms.state.received.filter((m) => wanted.has(m.mobile) && m.kind === 'visitorInvited').length;
}

/** Writes `n` invitations of today straight into the table (another resident's): the community's day as far as a test needs it. */
async function alreadyInvited(n: number, mobile: () => string) {
  if (n <= 0) return;
  const [demo] = await t.database.db
    .select({ registrationId: registrations.id, userId: users.id })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .where(and(eq(registrations.poiId, HOME), eq(users.mobileHash, t.pii.hash('13800000004'))));
  const at = t.clock.now();
  await t.database.db.insert(invitations).values(
    Array.from({ length: n }, () => {
      const m = mobile();
      return {
        poiId: HOME,
        registrationId: demo!.registrationId,
        inviterId: demo!.userId,
        name: '早先的访客',
        mobileEnc: t.pii.encrypt(m),
        mobileMasked: maskMobile(m),
        startsAt: new Date(at.getTime() + HOUR),
        endsAt: new Date(at.getTime() + 2 * HOUR),
        entries: 1,
        createdAt: at,
      };
    }),
  );
}

async function todayInHome() {
  const rows = await t.database.db.select({ masked: invitations.mobileMasked }).from(invitations).where(and(eq(invitations.poiId, HOME), gte(invitations.createdAt, todayStart())));
  return { all: rows.length, abroad: rows.filter((r) => r.masked.startsWith('+')).length };
}

const statuses = (answers: { body: { code: number; message: string } }[]) => ({
  ok: answers.filter((a) => a.body.code === 200).length,
  refused: answers.filter((a) => a.body.code !== 200).map((a) => `${a.body.code} ${a.body.message}`),
});

describe('a resident’s ten invitations a day, under parallel requests', () => {
  it('writes and texts exactly ten of thirty invitations sent at once', async () => {
    const token = await resident();
    const mobiles = Array.from({ length: 30 }, () => freshMobile());
    const answers = await burst(mobiles.map((mobile) => ({ token, mobile })));
    const { ok, refused } = statuses(answers);
    expect(ok).toBe(INVITATIONS_PER_DAY);
    expect(refused).toEqual(Array(30 - INVITATIONS_PER_DAY).fill(`429 ${VisitMsg.dailyLimit}`));
    // The remaining counts the answers gave are each of 9 … 0 once.
    expect(answers.filter((a) => a.body.code === 200).map((a) => a.body.data.remainingToday as number).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const made = answers.filter((a) => a.body.code === 200).map((a) => a.body.data.invitation._id as string);
    expect((await t.database.db.select({ n: count() }).from(invitations).where(inArray(invitations.id, made)))[0]!.n).toBe(INVITATIONS_PER_DAY);
    expect(await textedTo(mobiles)).toBe(INVITATIONS_PER_DAY);
    expect((await post('/v1/visits/mine', token, { poiId: HOME })).body.data.remainingToday).toBe(0);
  });

  it('holds for sixty invitations to +852 numbers sent at once', async () => {
    const token = await resident();
    const mobiles = Array.from({ length: 60 }, hkMobile);
    const { ok, refused } = statuses(await burst(mobiles.map((mobile) => ({ token, mobile }))));
    expect(ok).toBe(INVITATIONS_PER_DAY);
    expect(refused).toEqual(Array(60 - INVITATIONS_PER_DAY).fill(`429 ${VisitMsg.dailyLimit}`));
    expect(await textedTo(mobiles)).toBe(INVITATIONS_PER_DAY);
  });
});

describe('the community’s daily caps on SMS sent for residents, under parallel requests', () => {
  it('texts numbers abroad up to the smaller cap, and mainland numbers still go', async () => {
    // Five left under the cap for numbers abroad; two residents send thirty each at once.
    await alreadyInvited(RESIDENT_SMS_ABROAD_PER_COMMUNITY_PER_DAY - 5 - (await todayInHome()).abroad, hkMobile);
    const [a, b] = [await resident(), await resident()];
    const mobiles = Array.from({ length: 60 }, hkMobile);
    const { ok, refused } = statuses(await burst(mobiles.map((mobile, i) => ({ token: i % 2 ? a : b, mobile }))));
    expect(ok).toBe(5);
    expect(refused).toEqual(Array(55).fill(`429 ${VisitMsg.communitySmsAbroadLimit}`));
    expect((await todayInHome()).abroad).toBe(RESIDENT_SMS_ABROAD_PER_COMMUNITY_PER_DAY);
    expect(await textedTo(mobiles)).toBe(5);
    // Macao and Taiwan are abroad too; a mainland number is not.
    expect((await invite(a, '+85366123456')).body).toMatchObject({ code: 429, message: VisitMsg.communitySmsAbroadLimit });
    expect((await invite(a, '+886912345678')).body).toMatchObject({ code: 429, message: VisitMsg.communitySmsAbroadLimit });
    expect((await invite(a, freshMobile())).body.code).toBe(200);
  });

  it('stops every invitation of the community at the cap', async () => {
    await alreadyInvited(RESIDENT_SMS_PER_COMMUNITY_PER_DAY - 5 - (await todayInHome()).all, freshMobile);
    const [a, b] = [await resident(), await resident()];
    const mobiles = Array.from({ length: 60 }, () => freshMobile());
    const { ok, refused } = statuses(await burst(mobiles.map((mobile, i) => ({ token: i % 2 ? a : b, mobile }))));
    expect(ok).toBe(5);
    expect(refused).toEqual(Array(55).fill(`429 ${VisitMsg.communitySmsLimit}`));
    expect((await todayInHome()).all).toBe(RESIDENT_SMS_PER_COMMUNITY_PER_DAY);
    expect(await textedTo(mobiles)).toBe(5);
    // The next Beijing day starts afresh.
    t.clock.advance(24 * HOUR);
    expect((await invite(a, freshMobile())).body.code).toBe(200);
  });
});

describe('the visitor’s document, submitted in parallel', () => {
  it('is written once; every other submit is answered as a repeat is', async () => {
    const token = await resident();
    const made = (await invite(token, freshMobile())).body.data.invitation;
    const link = new URL(made.link as string).searchParams.get('t')!;
    const cards = Array.from({ length: 30 }, () => idCard());
    const answers = await Promise.all(cards.map((card) => post('/v1/visits/document', null, { t: link, card, consent: 1 })));
    const { ok, refused } = statuses(answers);
    expect(ok).toBe(1);
    expect(refused).toEqual(Array(29).fill(`409 ${VisitMsg.documentGiven}`));
    // The document kept is the one whose submit was answered 200.
    const winner = cards[answers.findIndex((a) => a.body.code === 200)]!;
    const [stored] = await t.database.db.select({ cardEnc: invitations.cardEnc }).from(invitations).where(eq(invitations.id, made._id as string));
    expect(t.pii.decrypt(stored!.cardEnc!)).toBe(winner);
    // A repeat afterwards: the same answer.
    expect((await post('/v1/visits/document', null, { t: link, card: idCard(), consent: 1 })).body).toMatchObject({ code: 409, message: VisitMsg.documentGiven });
  });
});
