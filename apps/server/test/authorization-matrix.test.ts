import { CODE_STEP_SECONDS } from '@sq/contract/pass/code-steps';
import { REENTRY_DEFAULT_MINUTES } from '@sq/contract/pass/gate-settings';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beijingDateTime } from '@sq/contract/beijing-time';
import ExcelJS from 'exceljs';
import { XLSX_TYPE } from '@sq/contract/manage/export';
import { RESIDENT_IMPORT_HEADER } from '@sq/contract/residents/import-residents';
import sharp from 'sharp';
import { randomBytes } from 'node:crypto';
import { imageUrl } from '@sq/contract/images/image-rules';
import { doorCodeAt, ticketCodeOf } from '../src/modules/events/checkin-codes';
import { merchantCommunities, merchants, merchantStaff } from '../src/db/schema';
import { rowsOf } from '../src/db/client';
import { boardComments, boardLikes, boardMutes, boardPosts, boardReports, communityAdmins, eventPhotoRequests, eventPhotos, events, eventSettings, eventSignups, images, spaceBookings, spaces, infoSubmissions, invitations, ownerBallots, paperBallots, pollBallots, pollProxies, polls, pollUnits, registrations, staff, units, users, withdrawnProxies } from '../src/db/schema';
import { freshMobile, idCard, staffOf } from './support/factories';
import { newEvent } from './albums/album-helpers';
import { at, newSpace } from './spaces/spaces-helpers';
import { createTestApp, type TestApp } from './support/test-app';
import { couponMatrix } from './coupons/matrix-targets';
import { ownersProcedureMatrix } from './polls/matrix-targets';
import { groupBuyMatrix } from './groupbuys/matrix-targets';
import { paymentsMatrix } from './payments/matrix-targets';
import { groupBuyMatrix as pickupMatrix, matrixPayments } from './pickup/matrix-targets';
import { newShop, shopForm, shopPhoto } from './merchants/merchant-helpers';

/**
 * The permission model at a glance: every community-scoped endpoint (and the poll endpoints that
 * need a login) called by every kind of caller, with the answer each one must get. Requests carry
 * valid bodies and real targets, so the caller is the only reason for a refusal. Requests that
 * change something get a fresh target per caller, and each one reports whether it changed it:
 * an allowed request must have written, a refused one must have written nothing.
 */
const HOME = 'DEMO000001'; // 望京花园西区: "this" community
const OTHER = 'DEMO000002'; // 花家地北里: "another" community

/**
 * Callers, in the table's column order: no token; a token after logout; a token whose session ran
 * out (SESSION_TTL_DAYS); the demo resident (13800000004) and visitor (13800000005) of HOME; duty
 * staff, manager and administrator of OTHER only; duty staff (13800000003), manager (13800000002)
 * and administrator (13800000001, also a platform operator) of HOME. 423 = log in, 424 = log in again, 403 = not yours,
 * 404 = no such thing (nobody learns whether someone else's pass code exists).
 */
const COLUMNS = ['none', 'out', 'exp', 'res', 'vis', 'xDuty', 'xMgr', 'xAdm', 'duty', 'mgr', 'adm'] as const;
type Column = (typeof COLUMNS)[number];
/**
 * What a caller gets: the HTTP status (= envelope code), or for answers that are 200 for every
 * logged-in caller but differ by role, 'yes' / 'no' (see each row).
 */
type Outcome = number | 'yes' | 'no';
type Result = { status: number; outcome?: 'yes' | 'no'; wrote?: boolean };
type Row = { what: string; expect: readonly Outcome[]; run: (token: string | null) => Promise<Result> };

let t: TestApp;
const tokens = {} as Record<Column, string | null>;
let residentCode: string;
let reentryValues = 0;
let residentRegistrationId: string;
let pollId: string;
let pollOptionId: string;
let ownersVoteId: string;
let ownersAgreeId: string;
let unitRooms = 0;
let imageHash: string;
let photos = 0;
/** A photo no earlier request uploaded (the same photo twice is one row). */
const freshPhoto = () => sharp({ create: { width: 16, height: 16, channels: 3, background: { r: (photos * 53) % 256, g: (photos++ * 101) % 256, b: 40 } } }).png().toBuffer();

let ip = 0;
/** Each login from its own address, so the file's many logins stay under the per-address SMS limit. */
const login = (mobile: string) => t.login(mobile, `10.77.${Math.floor(ip / 200)}.${(ip++ % 200) + 1}`);
const userIdOf = async (mobile: string) =>
  (await t.database.db.select({ id: users.id, openId: users.openId }).from(users).where(eq(users.mobileHash, t.pii.hash(mobile))))[0]!;

// ---- Requests as the spec's clients send them -------------------------------------------------

type Sent = { status: number; body: { code: number; data: any }; type: string }; // eslint-disable-line @typescript-eslint/no-explicit-any
async function post(url: string, token: string | null, payload: object = {}): Promise<Sent> {
  const res = await t.app.inject({ method: 'POST', url, payload: token ? { ...payload, token } : payload });
  return { status: res.statusCode, body: res.json(), type: String(res.headers['content-type']) };
}
async function get(url: string, token: string | null): Promise<Sent> {
  const res = await t.app.inject({ method: 'GET', url, headers: token ? { token } : {} });
  return { status: res.statusCode, body: res.json(), type: String(res.headers['content-type']) };
}
/** Exports are real form posts with the token among the fields; a file is 200, anything else is the JSON refusal. */
async function exportForm(path: string, token: string | null, fields: Record<string, string> = {}): Promise<Result> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${path}?export=1`,
    payload: new URLSearchParams({ ...fields, ...(token ? { token } : {}) }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  // A 200 that is not a spreadsheet would be a bug of its own: show it as such.
  return { status: res.statusCode === 200 && !String(res.headers['content-type']).includes(XLSX_TYPE) ? -200 : res.statusCode };
}
const yesNo = (res: Sent, yes: boolean): Result => ({ status: res.status, ...(res.status === 200 ? { outcome: yes ? 'yes' : 'no' } : {}) });

// ---- Fresh targets for requests that change something -----------------------------------------

const ownRegistration = (mobile: string) => ({ poiId: HOME, name: '矩阵测试', mobile, card: idCard(), owner: '业主', address: '9号楼', isReturn: 0 });

/** A residents' list (导入住户) of one new person. */
async function residentsFile(mobile: string) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('住户名单');
  sheet.addRow([...RESIDENT_IMPORT_HEADER]);
  sheet.addRow(['矩阵住户', mobile, '', idCard(), '', '业主', '9号楼', '', '', '']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A new person's registration, waiting for review. */
async function pendingRegistration() {
  const mobile = freshMobile();
  const res = await post('/v1/userCard', await login(mobile), ownRegistration(mobile));
  return res.body.data._id as string;
}
const registeredFor = async (mobile: string) =>
  (await t.database.db.select({ n: count() }).from(registrations).where(eq(registrations.mobileHash, t.pii.hash(mobile))))[0]!.n > 0;
const registrationStatus = async (id: string) => (await t.database.db.select({ s: registrations.status }).from(registrations).where(eq(registrations.id, id)))[0]!.s;

/** A person who has logged in once (adding staff needs an account). */
async function registeredPerson() {
  const mobile = freshMobile();
  await login(mobile);
  return { mobile, ...(await userIdOf(mobile)) };
}
const isStaffOfHome = async (userId: string) =>
  (await t.database.db.select({ n: count() }).from(staff).where(and(eq(staff.poiId, HOME), eq(staff.userId, userId))))[0]!.n > 0;

async function staffMember(level: 1 | 2) {
  const person = await registeredPerson();
  await t.database.db.insert(staff).values({ poiId: HOME, userId: person.id, username: level === 1 ? '矩阵经理' : '矩阵执勤', level });
  return person;
}

let submissions = 0;
/** A resident's suggestion for this community, waiting for review. */
async function pendingSubmission() {
  const res = await post('/v1/communityInfo/create', tokens.res, {
    poiId: HOME,
    typeId: 6,
    department: `矩阵测试驿站${++submissions}`,
    contact: '010-64709999',
    address: '望京花园西区3号楼一层',
    lng: 116.4709,
    lat: 39.9937,
    mapAddress: '北京市朝阳区广顺南大街16号',
  });
  return res.body.data._id as string;
}
const submissionStatus = async (id: string) => (await t.database.db.select({ s: infoSubmissions.status }).from(infoSubmissions).where(eq(infoSubmissions.id, id)))[0]!.s;
const countOf = async (
  table:
    | typeof polls
    | typeof pollBallots
    | typeof registrations
    | typeof units
    | typeof ownerBallots
    | typeof invitations
    | typeof boardPosts
    | typeof boardComments
    | typeof boardReports
    | typeof images
    | typeof events
    | typeof eventPhotos
    | typeof spaces
    | typeof merchants,
) => (await t.database.db.select({ n: count() }).from(table))[0]!.n;

/**
 * A fresh pass code of the demo resident: a use spends that direction's codes for three steps,
 * and an entry keeps the pass inside for the re-entry window, so the clock moves past both first.
 */
async function freshCode() {
  t.clock.advance(REENTRY_DEFAULT_MINUTES * 60_000 + 3 * CODE_STEP_SECONDS * 1000);
  const card = (await get(`/v1/userCard/my?poiId=${HOME}&pass=1`, tokens.res)).body.data.userCard;
  return { code: card.code as string, openId: card.openId as string };
}
const codeUsed = async (code: string) => (await post('/v1/userCard/checkCodeInfo', tokens.res, { poiId: HOME, code })).body.data.codeInfo.isUse === 1;

/** An invitation of the demo resident for a visitor tomorrow (written directly: the resident's daily limit is for the API). */
async function residentsInvitation() {
  const inviter = await userIdOf('13800000004');
  const start = new Date(t.clock.now().getTime() + 86_400_000);
  const [row] = await t.database.db
    .insert(invitations)
    .values({ poiId: HOME, registrationId: residentRegistrationId, inviterId: inviter.id, name: '矩阵访客', mobileEnc: t.pii.encrypt('13911112222'), mobileMasked: '139****2222', startsAt: start, endsAt: new Date(start.getTime() + 3_600_000), entries: 1 })
    .returning();
  return row!.id;
}
const invitationCancelled = async (id: string) => (await t.database.db.select({ at: invitations.cancelledAt }).from(invitations).where(eq(invitations.id, id)))[0]!.at !== null;
const visitInput = () => ({ poiId: HOME, name: '矩阵访客', mobile: freshMobile(), start: beijingDateTime(new Date(t.clock.now().getTime() + 3_600_000)), end: beijingDateTime(new Date(t.clock.now().getTime() + 7_200_000)) });

// ---- 邻里圈 (the board): fresh posts by a neighbour, so every caller acts on their own target ----

const NEIGHBOUR_MOBILE = '13900000100'; // a seeded neighbour of HOME
/** A post of HOME by a seeded neighbour, `status` as given (held for the moderation rows). */
async function boardPost(status: 'visible' | 'held' = 'visible') {
  const author = await userIdOf(NEIGHBOUR_MOBILE);
  const [row] = await t.database.db
    .insert(boardPosts)
    .values({ poiId: HOME, authorId: author.id, kind: 'help', text: '矩阵帖子', status, heldReasons: status === 'held' ? ['keyword'] : [] })
    .returning({ id: boardPosts.id });
  return row!.id;
}
const boardPostField = async (id: string) => (await t.database.db.select({ status: boardPosts.status, pinnedUntil: boardPosts.pinnedUntil }).from(boardPosts).where(eq(boardPosts.id, id)))[0]!;
/** Rules accepted first when the caller may: the rows test who may post, not the rules' order. */
const boardWrite = async (tk: string | null, url: string, payload: object) => {
  await post('/v1/board/rules/accept', tk, { poiId: HOME });
  return post(url, tk, payload);
};
async function freshPerson() {
  const mobile = freshMobile();
  await login(mobile);
  return userIdOf(mobile);
}

// ---- 社区相册 and 场地 (issue 34): a neighbour's photos and bookings, fresh per caller ----------

let albumEventId: string;
/** A photo in the album by the seeded neighbour, optionally with an open removal request of theirs. */
async function albumPhoto(requested = false) {
  const author = await userIdOf(NEIGHBOUR_MOBILE);
  const [row] = await t.database.db.insert(eventPhotos).values({ eventId: albumEventId, poiId: HOME, hash: imageHash, width: 16, height: 16, uploaderId: author.id }).returning({ id: eventPhotos.id });
  if (requested) await t.database.db.insert(eventPhotoRequests).values({ photoId: row!.id, requesterId: author.id, poiId: HOME });
  return row!.id;
}
const photoStatus = async (id: string) => (await t.database.db.select({ s: eventPhotos.status }).from(eventPhotos).where(eq(eventPhotos.id, id)))[0]?.s ?? 'gone';
const requestsOn = async (id: string) => (await t.database.db.select({ n: count() }).from(eventPhotoRequests).where(eq(eventPhotoRequests.photoId, id)))[0]!.n;
/** A booking of a fresh space by the seeded neighbour, tomorrow 10:00. */
async function neighbourBooking(status: 'pending' | 'approved') {
  const space = await newSpace(t, HOME, { needsApproval: status === 'pending' });
  const author = await userIdOf(NEIGHBOUR_MOBILE);
  const [row] = await t.database.db
    .insert(spaceBookings)
    .values({ spaceId: space.id, poiId: HOME, userId: author.id, startsAt: new Date(at(t, 1, 10) * 1000), endsAt: new Date(at(t, 1, 11) * 1000), status })
    .returning({ id: spaceBookings.id });
  return row!.id;
}
const bookingStatus = async (id: string) => (await t.database.db.select({ s: spaceBookings.status }).from(spaceBookings).where(eq(spaceBookings.id, id)))[0]!.s;
const bookingsOf = async (spaceId: string) => (await t.database.db.select({ n: count() }).from(spaceBookings).where(eq(spaceBookings.spaceId, spaceId)))[0]!.n;
const WEEK = Array.from({ length: 7 }, () => [480, 1260]);
// ---- 社区活动 (events): fresh events of HOME written directly, so every caller acts on their own ----

const DAY_S = 86_400;
/** The form of an event three days after the test clock's now. */
function eventForm(title = '矩阵活动') {
  const start = Math.floor(t.clock.now().getTime() / 1000) + 3 * DAY_S;
  return { kind: 'culture', title, place: '社区活动室', startsAt: start, endsAt: start + 7200, capacity: 10 };
}
/** An event of HOME (`audience` residents unless given; `status` published unless given). */
async function matrixEvent(opts: { audience?: string; status?: string } = {}) {
  const f = eventForm();
  const start = new Date(f.startsAt * 1000);
  const [row] = await t.database.db
    .insert(events)
    .values({
      poiId: HOME,
      kind: f.kind,
      title: f.title,
      place: f.place,
      startsAt: start,
      endsAt: new Date(f.endsAt * 1000),
      signupOpensAt: t.clock.now(),
      signupClosesAt: start,
      cancelUntil: start,
      capacity: f.capacity,
      audience: opts.audience ?? 'residents',
      status: opts.status ?? 'published',
      byStaff: true,
      ticketKey: Buffer.alloc(32, 1),
    })
    .returning({ id: events.id });
  return row!.id;
}
const eventField = async (id: string) => (await t.database.db.select({ status: events.status, title: events.title }).from(events).where(eq(events.id, id)))[0]!;
const residentsPropose = async () => (await t.database.db.select({ on: eventSettings.residentsPropose }).from(eventSettings).where(eq(eventSettings.poiId, HOME)))[0]?.on ?? false;

// ---- 社区活动 sign-ups: a fresh residents' event of this community per caller ----------------------

/** Open for sign-up now, starting in three days; `started`: under way (walk-ins at the door). */
async function signupEvent(started = false) {
  const now = t.clock.now().getTime();
  const h = 3_600_000;
  const [row] = await t.database.db
    .insert(events)
    .values({
      poiId: HOME,
      kind: 'culture',
      title: '矩阵活动',
      place: '活动室',
      startsAt: new Date(started ? now - h : now + 72 * h),
      endsAt: new Date(started ? now + 2 * h : now + 74 * h),
      signupOpensAt: new Date(now - 80 * h),
      signupClosesAt: new Date(started ? now + h : now + 70 * h),
      cancelUntil: new Date(started ? now - 2 * h : now + 48 * h),
      capacity: 100,
      audience: 'residents',
      status: 'published',
      byStaff: true,
      ticketKey: randomBytes(32),
    })
    .returning({ id: events.id });
  return row!.id;
}
const signupStatuses = async (eventId: string) => (await t.database.db.select({ s: eventSignups.status }).from(eventSignups).where(eq(eventSignups.eventId, eventId))).map((r) => r.s);
async function signupsExport(tk: string | null, whole: boolean): Promise<Result> {
  const res = await t.app.inject({ method: 'GET', url: `/v1/manage/events/${await signupEvent()}/signups?export=1${whole ? '&whole=1' : ''}`, headers: tk ? { token: tk } : {} });
  return { status: res.statusCode === 200 && !String(res.headers['content-type']).includes(XLSX_TYPE) ? -200 : res.statusCode };
}

/** A started event of HOME with the seeded neighbour's confirmed sign-up, and that sign-up's check-in code. */
async function ticketAtTheDoor() {
  const eventId = await signupEvent(true);
  const [event] = await t.database.db.select({ key: events.ticketKey }).from(events).where(eq(events.id, eventId));
  const [signup] = await t.database.db
    .insert(eventSignups)
    .values({ eventId, poiId: HOME, userId: (await userIdOf(NEIGHBOUR_MOBILE)).id, seats: 1, status: 'confirmed' })
    .returning({ id: eventSignups.id });
  return { eventId, signupId: signup!.id, code: ticketCodeOf(event!.key, signup!.id) };
}
const checkedIn = async (ticket: { signupId: string }) =>
  (await t.database.db.select({ at: eventSignups.checkedInAt }).from(eventSignups).where(eq(eventSignups.id, ticket.signupId)))[0]?.at != null;

// ---- 优惠券 (issue 35): a shop approved in HOME, its owner none of the columns ------------------

let coupons: ReturnType<typeof couponMatrix>;
let procedure: ReturnType<typeof ownersProcedureMatrix>;
let groupbuys: ReturnType<typeof groupBuyMatrix>;
// 支付 (issue 36): an unpaid order of the demo resident in HOME.
let payments: ReturnType<typeof paymentsMatrix>;
let pickups: ReturnType<typeof pickupMatrix>;
// ---- 红包 and 会员等级 (issue 35): a shop owned by HOME's administrator, its duty staff a clerk ----

let matrixShopId: string | null = null;
/** The shop (approved, serving HOME), made once. */
async function matrixShop() {
  if (matrixShopId) return matrixShopId;
  const owner = await userIdOf('13800000001');
  const clerk = await userIdOf('13800000003');
  const [shop] = await t.database.db
    .insert(merchants)
    .values({ name: '矩阵小店', category: 'fruit', address: '东门', lng: 116.47, lat: 39.99, hours: '09:00-21:00', phone: '010-12345678', licenceNo: '91110000MA00000000', licenceImage: { hash: 'x', width: 1, height: 1, poiId: 'DEMO000001' }, radiusM: 3000, status: 'approved', ownerId: owner.id })
    .returning({ id: merchants.id });
  await t.database.db.insert(merchantStaff).values([{ merchantId: shop!.id, userId: owner.id, role: 'owner' }, { merchantId: shop!.id, userId: clerk.id, role: 'clerk' }]);
  await t.database.db.insert(merchantCommunities).values({ merchantId: shop!.id, poiId: HOME, status: 'approved', distanceM: 100 });
  return (matrixShopId = shop!.id);
}
const redbagForm = () => {
  const now = Math.floor(t.clock.now().getTime() / 1000);
  return { title: '矩阵红包', packetFen: 1000, shares: 10, packets: 100, startsAt: now - 60, endsAt: now + 7 * 86_400, validDays: 7, thresholdFen: 0, communities: [HOME] };
};
/** A fresh campaign of the shop, made by its owner. */
async function redbagCampaign() {
  const res = await post(`/v1/merchants/${await matrixShop()}/redbags`, tokens.adm, redbagForm());
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.campaign.id as string;
}
let neighbourToken: string | null = null;
/** A fresh packet started by the seeded neighbour (their first share taken), to open. */
async function redbagPacket() {
  neighbourToken ??= await login(NEIGHBOUR_MOBILE);
  const res = await post('/v1/redbags/start', neighbourToken, { campaignId: await redbagCampaign(), poiId: HOME });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.redbagId as string;
}
let residentPacketId: string | null = null;
/** The demo resident's packet: only they read who opened it. */
async function residentPacket() {
  if (residentPacketId) return residentPacketId;
  const res = await post('/v1/redbags/start', tokens.res, { campaignId: await redbagCampaign(), poiId: HOME });
  return (residentPacketId = res.body.data.redbagId as string);
}
const rows = async (query: string) => Number(rowsOf<{ n: string }>(await t.database.db.execute(sql.raw(query)))[0]!.n);

// ---- The requests, each as the caller `tk` sends it -------------------------------------------

// ---- 周边商家 (issue 35): someone else's shop per caller; one approved shop residents find ----

/** A shop of a new owner, waiting for review in HOME only (500 m). */
const pendingShop = () => newShop(t);
let approvedShop: Promise<{ id: string; photo: string; licence: string }> | undefined;
/** One shop approved in HOME (created once): its id, a public photo's and the licence photo's URL. */
const approvedMatrixShop = () =>
  (approvedShop ??= (async () => {
    const shop = await newShop(t);
    await post(`/v1/merchants/${shop.id}/review`, tokens.adm, { decision: 'approve' });
    const full = (await get(`/v1/merchants/${shop.id}/manage`, shop.token)).body.data.shop;
    return { id: shop.id, photo: full.photos[0].thumbUrl as string, licence: full.licenceImage.url as string };
  })());
const shopLink = async (id: string) => (await t.database.db.select({ s: merchantCommunities.status }).from(merchantCommunities).where(eq(merchantCommunities.merchantId, id)))[0]!.s;
const shopField = async (id: string) => (await t.database.db.select({ name: merchants.name, status: merchants.status }).from(merchants).where(eq(merchants.id, id)))[0]!;
const shopStaff = async (id: string) => (await t.database.db.select({ n: count() }).from(merchantStaff).where(eq(merchantStaff.merchantId, id)))[0]!.n;
/** The caller's own application: photos uploaded where they may read (HOME, else OTHER). */
async function applyAsCaller(tk: string | null) {
  let form: Record<string, unknown> = { ...(await shopForm(t, tokens.adm!)), photos: [], licenceImage: 'x'.repeat(43) };
  if (tk) {
    for (const poiId of [HOME, OTHER]) {
      const hash = await shopPhoto(t, tk, poiId).catch(() => null);
      if (hash) form = { ...form, licenceImage: hash, imagePoiId: poiId };
    }
  }
  return post('/v1/merchants', tk, form);
}

type Request = (tk: string | null) => Promise<Result>;
/** Requests whose answer alone tells the outcome. */
const plain = (send: (tk: string | null) => Promise<Sent>): Request => async (tk) => ({ status: (await send(tk)).status });
/** Requests that change something: the answer, and whether the fresh target changed. */
const writing = <T>(target: () => Promise<T>, send: (tk: string | null, target: T) => Promise<Sent>, changed: (target: T) => Promise<boolean>): Request =>
  async (tk) => {
    const it = await target();
    const res = await send(tk, it);
    return { status: res.status, wrote: await changed(it) };
  };
const countAround = (table: Parameters<typeof countOf>[0], send: (tk: string | null) => Promise<Sent>): Request => async (tk) => {
  const before = await countOf(table);
  const res = await send(tk);
  return { status: res.status, wrote: (await countOf(table)) > before };
};

/** A new owners' vote of HOME, created by its administrator (issue 37's extend and cancel rows). */
const freshOwnersVote = async () => (await post('/v1/polls', tokens.adm, { title: '矩阵业主表决（程序）', end_time: pollEnd(), owners: 1, poiId: HOME })).body.data.poll._id as string;
/** A home of a fresh owners' vote's roll, and a photo the caller uploaded (a dummy hash for those who may not upload). */
const rollHomeOf = async (id: string) => (await t.database.db.select({ unitId: pollUnits.unitId }).from(pollUnits).where(eq(pollUnits.pollId, id)).limit(1))[0]!.unitId;
const photoBy = async (tk: string | null) => {
  const res = await t.app.inject({ method: 'POST', url: `/v1/images?poiId=${HOME}&purpose=board`, payload: await freshPhoto(), headers: { 'content-type': 'image/png', ...(tk ? { token: tk } : {}) } });
  return res.statusCode === 200 ? (res.json().data.hash as string) : 'x'.repeat(43);
};
const rowsOfPoll = async (table: typeof paperBallots | typeof pollProxies | typeof withdrawnProxies, id: string) => (await t.database.db.select().from(table).where(eq(table.pollId, id))).length > 0;
const pollRow = async (id: string) => (await t.database.db.select().from(polls).where(eq(polls.id, id)))[0]!;

const request = {
  merchantApply: countAround(merchants, applyAsCaller),
  merchantMine: plain((tk) => get('/v1/merchants/mine', tk)),
  merchantEdit: writing(pendingShop, async (tk, shop) => post(`/v1/merchants/${shop.id}/edit`, tk, { ...(await shopForm(t, shop.token)), name: '矩阵改名' }), async (shop) => (await shopField(shop.id)).name === '矩阵改名'),
  merchantManage: plain(async (tk) => get(`/v1/merchants/${(await pendingShop()).id}/manage`, tk)),
  merchantAddClerk: writing(pendingShop, (tk, shop) => post(`/v1/merchants/${shop.id}/clerks`, tk, { mobile: '13800000004' }), async (shop) => (await shopStaff(shop.id)) > 1),
  merchantRemoveClerk: writing(
    async () => {
      const shop = await pendingShop();
      const clerk = await freshPerson();
      await t.database.db.insert(merchantStaff).values({ merchantId: shop.id, userId: clerk.id, role: 'clerk' });
      return { ...shop, clerk: clerk.id };
    },
    (tk, shop) => post(`/v1/merchants/${shop.id}/clerks/remove`, tk, { userId: shop.clerk }),
    async (shop) => (await shopStaff(shop.id)) < 2,
  ),
  merchantReviews: plain((tk) => get('/v1/merchants/reviews', tk)),
  merchantReviewLog: plain((tk) => get('/v1/merchants/reviews/log', tk)),
  merchantReviewHome: writing(pendingShop, (tk, shop) => post(`/v1/merchants/${shop.id}/review`, tk, { poiId: HOME, decision: 'approve' }), async (shop) => (await shopLink(shop.id)) === 'approved'),
  merchantReviewAll: writing(pendingShop, (tk, shop) => post(`/v1/merchants/${shop.id}/review`, tk, { decision: 'return', reason: '矩阵退回' }), async (shop) => (await shopLink(shop.id)) === 'returned'),
  merchantSuspend: writing(pendingShop, (tk, shop) => post(`/v1/merchants/${shop.id}/suspend`, tk, { suspend: true, reason: '矩阵停用' }), async (shop) => (await shopField(shop.id)).status === 'suspended'),
  merchantList: plain((tk) => get(`/v1/merchants?poiId=${HOME}&category=fruit`, tk)),
  merchantPage: plain(async (tk) => get(`/v1/merchants/${(await approvedMatrixShop()).id}?poiId=${HOME}`, tk)),
  merchantPhoto: async (tk) => ({ status: (await t.app.inject({ method: 'GET', url: (await approvedMatrixShop()).photo, headers: tk ? { token: tk } : {} })).statusCode }),
  merchantLicence: async (tk) => ({ status: (await t.app.inject({ method: 'GET', url: (await approvedMatrixShop()).licence, headers: tk ? { token: tk } : {} })).statusCode }),
  myPassIsManager: (async (tk) => {
    const r = await get(`/v1/userCard/my?poiId=${HOME}&pass=1`, tk);
    return yesNo(r, r.body.data?.isManager === '1');
  }) as Request,
  profile: plain((tk) => post('/v1/userCard/userProfile', tk, { poiId: HOME })),
  checkResidentsCode: plain((tk) => post('/v1/userCard/checkCodeInfo', tk, { poiId: HOME, code: residentCode })),
  scan: writing(freshCode, (tk, c) => post('/v1/userCard/userInfo', tk, { poiId: HOME, openId: c.openId, code: c.code, pass: 1 }), (c) => codeUsed(c.code)),
  rushScan: writing(freshCode, (tk, c) => post('/v1/gate/scan', tk, { poiId: HOME, code: c.code, pass: 1 }), (c) => codeUsed(c.code)),
  gateSettings: plain((tk) => get(`/v1/manage/gate/settings?poiId=${HOME}`, tk)),
  saveGateSettings: writing(
    // A new value per caller, shorter than the default window (the scans' rows count on that).
    async () => 1 + (reentryValues++ % 28),
    (tk, minutes) => post('/v1/manage/gate/settings', tk, { poiId: HOME, reentryMinutes: minutes }),
    async (minutes) => (await get(`/v1/manage/gate/settings?poiId=${HOME}`, tokens.mgr)).body.data.reentryMinutes === minutes,
  ),
  contentSettings: plain((tk) => get(`/v1/manage/content/settings?poiId=${HOME}`, tk)),
  saveContentSettings: writing(
    async () => `词${reentryValues++}`,
    (tk, word) => post('/v1/manage/content/settings', tk, { poiId: HOME, keywords: [word], links: 'hold' }),
    async (word) => (await get(`/v1/manage/content/settings?poiId=${HOME}`, tokens.mgr)).body.data.keywords.includes(word),
  ),
  openRecord: plain((tk) => post('/v1/userCard/userInfo', tk, { poiId: HOME, _id: residentRegistrationId })),
  approve: writing(pendingRegistration, (tk, id) => post('/v1/userCard/verify', tk, { poiId: HOME, _id: id, status: 1 }), async (id) => (await registrationStatus(id)) !== 0),
  staffEntry: writing(async () => freshMobile(), (tk, m) => post('/v1/userCard', tk, { ...ownRegistration(m), import: 1 }), registeredFor),
  listUnknownCommunity: plain((tk) => post('/v1/userCard/list', tk, { poiId: 'NOPE000000' })),
  list: plain((tk) => post('/v1/userCard/list', tk, { poiId: HOME })),
  exportList: (tk) => exportForm('/v1/userCard/list', tk, { poiId: HOME }),
  exportListWhole: (tk) => exportForm('/v1/userCard/list', tk, { poiId: HOME, whole: '1' }),
  log: plain((tk) => post('/v1/userCard/userLog', tk, { poiId: HOME })),
  exportLog: (tk) => exportForm('/v1/userCard/userLog', tk, { poiId: HOME }),
  exportLogWhole: (tk) => exportForm('/v1/userCard/userLog', tk, { poiId: HOME, whole: '1' }),
  invite: countAround(invitations, (tk) => post('/v1/visits/invite', tk, visitInput())),
  myInvitations: plain((tk) => post('/v1/visits/mine', tk, { poiId: HOME })),
  cancelInvitation: writing(residentsInvitation, (tk, id) => post('/v1/visits/cancel', tk, { poiId: HOME, _id: id }), invitationCancelled),
  invitations: plain((tk) => post('/v1/manage/visits', tk, { poiId: HOME })),
  exportInvitations: (tk) => exportForm('/v1/manage/visits', tk, { poiId: HOME }),
  exportInvitationsWhole: (tk) => exportForm('/v1/manage/visits', tk, { poiId: HOME, whole: '1' }),
  visitSettings: plain((tk) => post('/v1/manage/visits/settings', tk, { poiId: HOME, withoutDocument: 0 })),
  ownRegistration: countAround(registrations, (tk) => post('/v1/userCard', tk, ownRegistration(freshMobile()))),

  managedListsHome: (async (tk) => {
    const r = await post('/v1/mobile/community/manage', tk);
    return yesNo(r, r.body.data?.communitys.some((c: { poiId: string }) => c.poiId === HOME));
  }) as Request,
  staffList: plain((tk) => get(`/v1/communityManager?poiId=${HOME}`, tk)),
  dashboard: plain((tk) => post('/v1/manage/dashboard', tk, { poiId: HOME })),
  auditLog: plain((tk) => post('/v1/manage/auditLog', tk, { poiId: HOME })),
  addDuty: writing(registeredPerson, (tk, p) => post('/v1/communityManager', tk, { poiId: HOME, name: '新执勤', mobile: p.mobile, level: 2 }), (p) => isStaffOfHome(p.id)),
  deleteDuty: writing(() => staffMember(2), (tk, p) => post('/v1/communityManager/delete', tk, { poiId: HOME, openId: p.openId }), async (p) => !(await isStaffOfHome(p.id))),
  deleteManager: writing(() => staffMember(1), (tk, p) => post('/v1/communityManager/delete', tk, { poiId: HOME, openId: p.openId }), async (p) => !(await isStaffOfHome(p.id))),

  pending: plain((tk) => get(`/v1/communityInfo/pending?poiId=${HOME}`, tk)),
  pendingStreet: plain((tk) => get('/v1/communityInfo/pending?streetId=DEMO-ST-001', tk)),
  canReview: (async (tk) => {
    const r = await get(`/v1/communityInfo/reviewStatus?poiId=${HOME}`, tk);
    return yesNo(r, r.body.data?.canReview === true);
  }) as Request,
  accept: writing(pendingSubmission, (tk, id) => post('/v1/communityInfo/review', tk, { id, status: 1 }), async (id) => (await submissionStatus(id)) !== 0),

  viewPoll: plain((tk) => get(`/v1/polls/${pollId}`, tk)),
  vote: countAround(pollBallots, (tk) => post('/v1/polls/vote', tk, { id: pollId, options: pollOptionId })),
  createPoll: countAround(polls, (tk) => post('/v1/polls', tk, { title: '矩阵测试投票', info: '', end_time: pollEnd(), options: [{ title: '是' }, { title: '否' }], type: 0 })),
  communityPolls: plain((tk) => get(`/v1/polls/community?poiId=${HOME}`, tk)),
  publishPoll: countAround(polls, (tk) => post('/v1/polls', tk, { title: '矩阵小区投票', info: '', end_time: pollEnd(), options: [{ title: '是' }, { title: '否' }], type: 0, poiId: HOME })),

  units: plain((tk) => post('/v1/manage/units', tk, { poiId: HOME })),
  saveUnit: countAround(units, (tk) => post('/v1/manage/units/save', tk, { poiId: HOME, building: '矩阵', room: `${++unitRooms}`, area: 90 })),
  notifications: plain((tk) => post('/v1/notifications', tk, {})),
  notificationSettings: plain((tk) => post('/v1/notifications/settings', tk, { kind: 'passScanned', enabled: true })),
  importResidents: countAround(registrations, async (tk) => {
    const file = await residentsFile(freshMobile());
    const res = await t.app.inject({ method: 'POST', url: `/v1/manage/residents/import?poiId=${HOME}&commit=1`, payload: file, headers: { 'content-type': XLSX_TYPE, ...(tk ? { token: tk } : {}) } });
    return { status: res.statusCode, body: res.json(), type: String(res.headers['content-type']) };
  }),
  ownerPolls: plain((tk) => post('/v1/manage/ownerPolls', tk, { poiId: HOME })),
  ownersStart: async (tk) => {
    const res = await get(`/v1/polls/owners-start?poiId=${HOME}`, tk);
    return yesNo(res, res.body.data?.canStart === true);
  },
  createOwnersVote: countAround(polls, (tk) => post('/v1/polls', tk, { title: '矩阵业主表决', end_time: pollEnd(), owners: 1, poiId: HOME })),
  viewOwnersVote: plain((tk) => get(`/v1/polls/${ownersVoteId}`, tk)),
  ownersVoteUnits: plain((tk) => get(`/v1/polls/${ownersVoteId}/units`, tk)),
  ownersVoteReceipts: plain((tk) => get(`/v1/polls/${ownersVoteId}/receipts`, tk)),
  // Each run on a fresh owners' vote of HOME, so one column's change does not answer the next.
  extendOwnersVote: writing(
    freshOwnersVote,
    (tk, id) => post(`/v1/polls/${id}/extend`, tk, { end_time: pollEnd(30), reason: '矩阵测试延期' }),
    async (id) => (await pollRow(id)).extendReason !== null,
  ),
  cancelOwnersVote: writing(
    freshOwnersVote,
    (tk, id) => post(`/v1/polls/${id}/cancel`, tk, { reason: '矩阵测试取消' }),
    async (id) => (await pollRow(id)).cancelledAt !== null,
  ),
  ballotDesk: plain(async (tk) => get(`/v1/polls/${await freshOwnersVote()}/desk`, tk)),
  paperBallot: writing(
    freshOwnersVote,
    async (tk, id) => post(`/v1/polls/${id}/paper`, tk, { unitId: await rollHomeOf(id), option: (await get(`/v1/polls/${id}`, tokens.adm)).body.data.poll.options[0].option_id, photo: await photoBy(tk) }),
    (id) => rowsOfPoll(paperBallots, id),
  ),
  nameProxy: writing(freshOwnersVote, (tk, id) => post(`/v1/polls/${id}/proxy`, tk, { mobile: freshMobile() }), (id) => rowsOfPoll(pollProxies, id)),
  writtenProxy: writing(
    freshOwnersVote,
    async (tk, id) => post(`/v1/polls/${id}/proxy/written`, tk, { unitId: await rollHomeOf(id), mobile: freshMobile(), photo: await photoBy(tk) }),
    (id) => rowsOfPoll(pollProxies, id),
  ),
  // A fresh vote whose first home has a written authorisation recorded by the administrator.
  withdrawWrittenProxy: writing(
    async () => {
      const id = await freshOwnersVote();
      const res = await post(`/v1/polls/${id}/proxy/written`, tokens.adm, { unitId: await rollHomeOf(id), mobile: freshMobile(), photo: await photoBy(tokens.adm) });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      return id;
    },
    async (tk, id) => post(`/v1/polls/${id}/proxy/written/withdraw`, tk, { unitId: await rollHomeOf(id), reason: '矩阵测试撤销' }),
    (id) => rowsOfPoll(withdrawnProxies, id),
  ),
  voteAsOwner: countAround(ownerBallots, (tk) => post('/v1/polls/vote', tk, { id: ownersVoteId, options: ownersAgreeId })),
  boardFeed: plain((tk) => get(`/v1/board/posts?poiId=${HOME}`, tk)),
  boardSearch: plain((tk) => get(`/v1/board/search?poiId=${HOME}&keyword=${encodeURIComponent('矩阵')}`, tk)),
  boardPost: plain(async (tk) => get(`/v1/board/posts/${await boardPost()}`, tk)),
  boardComments: plain(async (tk) => get(`/v1/board/posts/${await boardPost()}/comments`, tk)),
  boardPerson: plain(async (tk) => get(`/v1/board/people/${(await userIdOf(NEIGHBOUR_MOBILE)).openId}/posts?poiId=${HOME}`, tk)),
  boardRules: plain((tk) => get(`/v1/board/rules?poiId=${HOME}`, tk)),
  boardCreate: countAround(boardPosts, (tk) => boardWrite(tk, '/v1/board/posts', { poiId: HOME, kind: 'help', text: '矩阵发帖' })),
  boardComment: countAround(boardComments, async (tk) => boardWrite(tk, '/v1/board/comments', { postId: await boardPost(), text: '矩阵评论' })),
  boardLike: writing(
    () => boardPost(),
    (tk, id) => post(`/v1/board/posts/${id}/like`, tk, { liked: true }),
    async (id) => (await t.database.db.select({ n: count() }).from(boardLikes).where(eq(boardLikes.postId, id)))[0]!.n > 0,
  ),
  boardReport: countAround(boardReports, async (tk) => post('/v1/board/reports', tk, { target: 'post', id: await boardPost(), reason: 'spam' })),
  boardQueue: plain((tk) => get(`/v1/manage/board/queue?poiId=${HOME}`, tk)),
  boardModerate: writing(
    () => boardPost('held'),
    (tk, id) => post('/v1/manage/board/moderate', tk, { poiId: HOME, target: 'post', id, action: 'approve' }),
    async (id) => (await boardPostField(id)).status === 'visible',
  ),
  boardPin: writing(
    () => boardPost(),
    (tk, id) => post('/v1/manage/board/pin', tk, { poiId: HOME, id, until: beijingDateTime(t.clock.now()).slice(0, 10) }),
    async (id) => (await boardPostField(id)).pinnedUntil !== null,
  ),
  boardMute: writing(
    () => freshPerson(),
    (tk, person) => post('/v1/manage/board/mute', tk, { poiId: HOME, openId: person.openId, days: 1, reason: '矩阵禁言' }),
    async (person) => (await t.database.db.select({ n: count() }).from(boardMutes).where(eq(boardMutes.userId, person.id)))[0]!.n > 0,
  ),
  boardMutes: plain((tk) => get(`/v1/manage/board/mutes?poiId=${HOME}`, tk)),
  eventSignUp: writing(signupEvent, (tk, id) => post(`/v1/events/${id}/signup`, tk), async (id) => (await signupStatuses(id)).length > 0),
  eventCancelSignup: writing(
    signupEvent,
    async (tk, id) => (await post(`/v1/events/${id}/signup`, tk), post(`/v1/events/${id}/signup/cancel`, tk)),
    async (id) => (await signupStatuses(id)).includes('cancelled'),
  ),
  myEvents: plain((tk) => get('/v1/events/mine', tk)),
  eventSignups: plain(async (tk) => get(`/v1/manage/events/${await signupEvent()}/signups`, tk)),
  exportEventSignups: (tk) => signupsExport(tk, false),
  exportEventSignupsWhole: (tk) => signupsExport(tk, true),
  eventWalkIn: writing(() => signupEvent(true), (tk, id) => post(`/v1/manage/events/${id}/walkin`, tk, { name: '矩阵来宾' }), async (id) => (await signupStatuses(id)).length > 0),
  eventCheckin: writing(ticketAtTheDoor, (tk, x) => post(`/v1/manage/events/${x.eventId}/checkin`, tk, { code: x.code }), checkedIn),
  eventCheckinByCode: writing(ticketAtTheDoor, (tk, x) => post('/v1/manage/events/checkin-by-code', tk, { code: x.code }), checkedIn),
  eventOfflineCheckins: writing(ticketAtTheDoor, (tk, x) => post(`/v1/manage/events/${x.eventId}/checkins`, tk, { scans: [{ code: x.code, at: t.clock.now().getTime() }] }), checkedIn),
  // The door QR checks in the caller's own sign-up only: the neighbour's stays as it was for everyone else.
  eventDoorCheckin: writing(
    async () => {
      const ticket = await ticketAtTheDoor();
      const [event] = await t.database.db.select({ key: events.ticketKey }).from(events).where(eq(events.id, ticket.eventId));
      return { ...ticket, door: doorCodeAt(event!.key, ticket.eventId, t.clock.now()).code };
    },
    (tk, x) => post(`/v1/events/${x.eventId}/door-checkin`, tk, { door: x.door }),
    checkedIn,
  ),
  eventCheckinKit: plain(async (tk) => get(`/v1/manage/events/${await signupEvent(true)}/checkin-kit`, tk)),
  eventDoorCode: plain(async (tk) => get(`/v1/manage/events/${await signupEvent(true)}/door`, tk)),
  boardActions: plain((tk) => get(`/v1/manage/board/actions?poiId=${HOME}`, tk)),
  boardSaveRules: plain((tk) => post('/v1/manage/board/rules', tk, { poiId: HOME, text: '' })),
  eventList: plain((tk) => get(`/v1/events?poiId=${HOME}`, tk)),
  eventSearch: plain((tk) => get(`/v1/events/search?poiId=${HOME}&keyword=${encodeURIComponent('矩阵')}`, tk)),
  eventKinds: plain((tk) => get(`/v1/events/kinds?poiId=${HOME}`, tk)),
  eventSettings: plain((tk) => get(`/v1/events/settings?poiId=${HOME}`, tk)),
  eventDetail: plain(async (tk) => get(`/v1/events/${await matrixEvent()}`, tk)),
  eventDetailLink: plain(async (tk) => get(`/v1/events/${await matrixEvent({ audience: 'link' })}`, tk)),
  eventPublish: countAround(events, (tk) => post('/v1/events', tk, { poiId: HOME, ...eventForm() })),
  eventEdit: writing(
    () => matrixEvent(),
    (tk, id) => post(`/v1/events/${id}/edit`, tk, eventForm('矩阵活动（改）')),
    async (id) => (await eventField(id)).title === '矩阵活动（改）',
  ),
  eventCancel: writing(
    () => matrixEvent(),
    (tk, id) => post(`/v1/events/${id}/cancel`, tk, { reason: '矩阵取消' }),
    async (id) => (await eventField(id)).status === 'cancelled',
  ),
  eventProposals: plain((tk) => get(`/v1/manage/events/proposals?poiId=${HOME}`, tk)),
  eventReview: writing(
    () => matrixEvent({ status: 'pending' }),
    (tk, id) => post('/v1/manage/events/review', tk, { id, approve: true }),
    async (id) => (await eventField(id)).status === 'published',
  ),
  eventSaveSettings: writing(
    async () => !(await residentsPropose()),
    (tk, on) => post('/v1/manage/events/settings', tk, { poiId: HOME, residentsPropose: on }),
    async (on) => (await residentsPropose()) === on,
  ),
  eventStats: plain((tk) => get(`/v1/manage/events/stats?poiId=${HOME}`, tk)),
  uploadImage: countAround(images, async (tk) => {
    const res = await t.app.inject({ method: 'POST', url: `/v1/images?poiId=${HOME}&purpose=board`, payload: await freshPhoto(), headers: { 'content-type': 'image/png', ...(tk ? { token: tk } : {}) } });
    return { status: res.statusCode, body: res.json(), type: String(res.headers['content-type']) };
  }),
  getImage: async (tk) => {
    const res = await t.app.inject({ method: 'GET', url: imageUrl(HOME, imageHash, 'thumb'), headers: tk ? { token: tk } : {} });
    // A 200 that is not the photo would be a bug of its own: show it as such.
    return { status: res.statusCode === 200 && res.headers['content-type'] !== 'image/webp' ? -200 : res.statusCode };
  },
  albums: plain((tk) => get(`/v1/albums?poiId=${HOME}`, tk)),
  album: plain((tk) => get(`/v1/albums/${albumEventId}`, tk)),
  albumAdd: countAround(eventPhotos, async (tk) => {
    const up = await t.app.inject({ method: 'POST', url: `/v1/images?poiId=${HOME}&purpose=album`, payload: await freshPhoto(), headers: { 'content-type': 'image/png', ...(tk ? { token: tk } : {}) } });
    const hash = up.statusCode === 200 ? (up.json().data.hash as string) : imageHash;
    return post(`/v1/albums/${albumEventId}/photos`, tk, { images: [hash] });
  }),
  albumDelete: writing(
    () => albumPhoto(),
    (tk, id) => post(`/v1/albums/photos/${id}/delete`, tk),
    async (id) => (await photoStatus(id)) === 'gone',
  ),
  albumAskRemoval: writing(
    () => albumPhoto(),
    (tk, id) => post(`/v1/albums/photos/${id}/removal`, tk, { reason: '矩阵' }),
    async (id) => (await requestsOn(id)) > 0,
  ),
  albumRequests: plain((tk) => get(`/v1/manage/albums/requests?poiId=${HOME}`, tk)),
  albumDecide: writing(
    () => albumPhoto(true),
    async (tk, id) => post('/v1/manage/albums/requests/decide', tk, { poiId: HOME, photoId: id, requester: (await userIdOf(NEIGHBOUR_MOBILE)).openId, decision: 'remove' }),
    async (id) => (await photoStatus(id)) === 'removed',
  ),
  albumRemove: writing(
    () => albumPhoto(),
    (tk, id) => post(`/v1/manage/albums/photos/${id}/remove`, tk, { note: '矩阵' }),
    async (id) => (await photoStatus(id)) === 'removed',
  ),
  spaces: plain((tk) => get(`/v1/spaces?poiId=${HOME}`, tk)),
  spaceDay: plain(async (tk) => get(`/v1/spaces/${(await newSpace(t, HOME)).id}`, tk)),
  spaceBook: writing(
    () => newSpace(t, HOME),
    (tk, space) => post(`/v1/spaces/${space.id}/book`, tk, { startsAt: at(t, 1, 10) }),
    async (space) => (await bookingsOf(space.id)) > 0,
  ),
  myBookings: plain((tk) => get(`/v1/spaces/bookings/mine?poiId=${HOME}`, tk)),
  bookingCancel: writing(
    () => neighbourBooking('approved'),
    (tk, id) => post(`/v1/spaces/bookings/${id}/cancel`, tk),
    async (id) => (await bookingStatus(id)) === 'cancelled',
  ),
  spaceSave: countAround(spaces, (tk) => post('/v1/manage/spaces/save', tk, { poiId: HOME, name: '矩阵活动室', hours: WEEK, slotMinutes: 60 })),
  managedSpaces: plain((tk) => get(`/v1/manage/spaces?poiId=${HOME}`, tk)),
  dayBookings: plain((tk) => get(`/v1/manage/spaces/bookings?poiId=${HOME}`, tk)),
  bookingReview: writing(
    () => neighbourBooking('pending'),
    (tk, id) => post('/v1/manage/spaces/bookings/review', tk, { poiId: HOME, id, approve: true }),
    async (id) => (await bookingStatus(id)) === 'approved',
  ),
  bookingStaffCancel: writing(
    () => neighbourBooking('approved'),
    (tk, id) => post('/v1/manage/spaces/bookings/cancel', tk, { poiId: HOME, id, note: '矩阵' }),
    async (id) => (await bookingStatus(id)) === 'cancelled',
  ),
  redbagCreate: writing(
    () => matrixShop().then(async (id) => ({ id, before: await rows(`select count(*) n from redbag_campaigns where merchant_id = '${id}'`) })),
    (tk, shop) => post(`/v1/merchants/${shop.id}/redbags`, tk, redbagForm()),
    async (shop) => (await rows(`select count(*) n from redbag_campaigns where merchant_id = '${shop.id}'`)) > shop.before,
  ),
  redbagShopList: plain(async (tk) => get(`/v1/merchants/${await matrixShop()}/redbags`, tk)),
  redbagList: plain((tk) => get(`/v1/redbags?poiId=${HOME}`, tk)),
  redbagStart: writing(
    () => redbagCampaign(),
    (tk, id) => post('/v1/redbags/start', tk, { campaignId: id, poiId: HOME }),
    async (id) => (await rows(`select count(*) n from redbags where campaign_id = '${id}'`)) > 0,
  ),
  redbagView: plain(async (tk) => get(`/v1/redbags/${await residentPacket()}?poiId=${HOME}`, tk)),
  redbagOpen: writing(
    () => redbagPacket(),
    (tk, id) => post(`/v1/redbags/${id}/open`, tk, { poiId: HOME }),
    async (id) => (await rows(`select count(*) n from redbag_shares where redbag_id = '${id}'`)) > 1,
  ),
  redbagShare: plain(async (tk) => get(`/v1/redbags/${await residentPacket()}/share`, tk)),
  myLevel: plain((tk) => get('/v1/levels/mine', tk)),
  boardUseful: writing(
    () => boardPost(),
    (tk, id) => post('/v1/manage/board/useful', tk, { poiId: HOME, id }),
    async (id) => (await rows(`select count(*) n from board_posts where id = '${id}' and useful_at is not null`)) > 0,
  ),
} satisfies Record<string, Request>;

// ---- The table --------------------------------------------------------------------------------

const Y = 'yes';
const N = 'no';
const ROWS: Row[] = [
  // Columns (see COLUMNS): no token, logged out, session ran out, resident, visitor, then duty
  // staff, manager and administrator of another community and of this one. Y/N: see Outcome.
  //                                                                                           ┌── other ──┐  ┌─── this ──┐
  //                                                                 none  out  exp  res  vis duty  mgr  adm duty  mgr  adm
  // Entry pass, the person's own side.
  { what: 'GET  /v1/userCard/my → isManager',                expect: [423, 424, 424,   N,   N,   N,   N,   N,   Y,   Y,   Y], run: request.myPassIsManager },
  { what: 'POST /v1/userCard/userProfile',                   expect: [423, 424, 424, 200, 200, 200, 200, 200, 200, 200, 200], run: request.profile },
  { what: 'POST /v1/userCard/checkCodeInfo (resident code)', expect: [423, 424, 424, 200, 404, 404, 404, 404, 404, 404, 404], run: request.checkResidentsCode },
  // Entry pass, staff of this community.
  { what: 'POST /v1/userCard/userInfo (scan a code)',        expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: request.scan },
  { what: 'POST /v1/gate/scan (rush-hour scanner)',          expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: request.rushScan },
  { what: 'GET /v1/manage/gate/settings',                    expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: request.gateSettings },
  { what: 'POST /v1/manage/gate/settings',                   expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: request.saveGateSettings },
  { what: 'GET /v1/manage/content/settings',                 expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: request.contentSettings },
  { what: 'POST /v1/manage/content/settings',                expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: request.saveContentSettings },
  { what: 'POST /v1/userCard/userInfo (open a record)',      expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: request.openRecord },
  { what: 'POST /v1/userCard/verify (approve)',              expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: request.approve },
  { what: 'POST /v1/userCard import=1 (staff entry)',        expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: request.staffEntry },
  { what: 'POST /v1/userCard/list (unknown community)',      expect: [423, 424, 424, 404, 404, 404, 404, 404, 404, 404, 404], run: request.listUnknownCommunity },
  { what: 'POST /v1/userCard/list',                          expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: request.list },
  { what: 'POST /v1/userCard/list?export=1',                 expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: request.exportList },
  { what: 'POST /v1/userCard/list?export=1 whole=1',         expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: request.exportListWhole },
  { what: 'POST /v1/userCard/userLog',                       expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: request.log },
  { what: 'POST /v1/userCard/userLog?export=1',              expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: request.exportLog },
  { what: 'POST /v1/userCard/userLog?export=1 whole=1',      expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: request.exportLogWhole },
  // Visitors invited by residents: a resident with an approved pass invites; its resident or the managers cancel.
  { what: 'POST /v1/visits/invite',                          expect: [423, 424, 424, 200, 403, 403, 403, 403, 403, 403, 403], run: request.invite },
  { what: 'POST /v1/visits/mine (own invitations)',          expect: [423, 424, 424, 200, 200, 200, 200, 200, 200, 200, 200], run: request.myInvitations },
  { what: 'POST /v1/visits/cancel (the resident’s)',         expect: [423, 424, 424, 200, 404, 404, 404, 404, 404, 200, 200], run: request.cancelInvitation },
  { what: 'POST /v1/manage/visits',                          expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: request.invitations },
  { what: 'POST /v1/manage/visits?export=1',                 expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: request.exportInvitations },
  { what: 'POST /v1/manage/visits?export=1 whole=1',         expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: request.exportInvitationsWhole },
  { what: 'POST /v1/manage/visits/settings',                 expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: request.visitSettings },
  // Management.
  { what: 'POST /v1/mobile/community/manage → lists it',     expect: [423, 424, 424,   N,   N,   N,   N,   N,   N,   N,   Y], run: request.managedListsHome },
  { what: 'GET  /v1/communityManager',                       expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: request.staffList },
  { what: 'POST /v1/manage/dashboard',                       expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: request.dashboard },
  { what: 'POST /v1/manage/auditLog',                        expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 403, 200], run: request.auditLog },
  { what: 'POST /v1/communityManager (add duty staff)',      expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: request.addDuty },
  { what: 'POST /v1/communityManager/delete (duty)',         expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: request.deleteDuty },
  { what: 'POST /v1/communityManager/delete (manager)',      expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 403, 200], run: request.deleteManager },
  // Residents' corrections and additions: this community's staff review them; street-level ones
  // span communities and go to platform operators (the demo administrator is one).
  { what: 'GET  /v1/communityInfo/pending',                  expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: request.pending },
  { what: 'GET  /v1/communityInfo/pending (street)',         expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 403, 200], run: request.pendingStreet },
  { what: 'GET  /v1/communityInfo/reviewStatus → can',       expect: [423, 424, 424,   N,   N,   N,   N,   N,   Y,   Y,   Y], run: request.canReview },
  { what: 'POST /v1/communityInfo/review (accept)',          expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: request.accept },
  // Polls: anyone may look (a dead token counts as none); voting and creating need a login.
  { what: 'GET  /v1/polls/:id',                              expect: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200], run: request.viewPoll },
  { what: 'POST /v1/polls/vote',                             expect: [423, 424, 424, 200, 200, 200, 200, 200, 200, 200, 200], run: request.vote },
  { what: 'POST /v1/polls (create)',                         expect: [423, 424, 424, 200, 200, 200, 200, 200, 200, 200, 200], run: request.createPoll },
  // A community's polls (/vote): its residents (not a visitor) and its staff list them and publish there.
  { what: 'GET  /v1/polls/community',                        expect: [423, 424, 424, 200, 403, 403, 403, 403, 200, 200, 200], run: request.communityPolls },
  { what: 'POST /v1/polls poiId (publish to a community)',   expect: [423, 424, 424, 200, 403, 403, 403, 403, 200, 200, 200], run: request.publishPoll },
  // Owners' votes: the register and the votes are the community's administrators' and managers';
  // an owners' vote is seen by its owners (the demo resident owns a unit) and the community's staff.
  { what: 'POST /v1/manage/units',                           expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: request.units },
  { what: 'POST /v1/manage/units/save',                      expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: request.saveUnit },
  // 消息: each person's own; only a login is needed.
  { what: 'POST /v1/notifications',                          expect: [423, 424, 424, 200, 200, 200, 200, 200, 200, 200, 200], run: request.notifications },
  { what: 'POST /v1/notifications/settings',                 expect: [423, 424, 424, 200, 200, 200, 200, 200, 200, 200, 200], run: request.notificationSettings },
  { what: 'POST /v1/manage/residents/import',                expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: request.importResidents },
  // Photos (邻里圈 and later events, shops): members upload; whoever may read the community sees them.
  { what: 'POST /v1/images (upload a photo)',                expect: [423, 424, 424, 200, 403, 403, 403, 403, 200, 200, 200], run: request.uploadImage },
  { what: 'GET  /v1/images/:poiId/:hash/thumb',              expect: [423, 424, 424, 200, 200, 403, 403, 403, 200, 200, 200], run: request.getImage },
  // /vote's 发起业主表决: the community's administrators and managers (and 业主委员会 members, tested in owners-roles.test.ts).
  { what: 'GET  /v1/polls/owners-start',                     expect: [423, 424, 424, 'no', 403, 403, 403, 403, 'no', Y, Y], run: request.ownersStart },
  { what: 'POST /v1/manage/ownerPolls',                      expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: request.ownerPolls },
  { what: 'POST /v1/polls owners=1 (create)',                expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: request.createOwnersVote },
  { what: 'GET  /v1/polls/:id (owners’ vote)',               expect: [423, 423, 423, 200, 403, 403, 403, 403, 200, 200, 200], run: request.viewOwnersVote },
  { what: 'GET  /v1/polls/:id/units',                        expect: [423, 423, 423, 200, 403, 403, 403, 403, 200, 200, 200], run: request.ownersVoteUnits },
  // Published receipts (issue 37): whoever may view the vote; this one is not secret, so 400.
  { what: 'GET  /v1/polls/:id/receipts',                     expect: [423, 423, 423, 400, 403, 403, 403, 403, 400, 400, 400], run: request.ownersVoteReceipts },
  // Extending and cancelling an owners' vote: its community's administrators and managers.
  { what: 'POST /v1/polls/:id/extend',                       expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: request.extendOwnersVote },
  { what: 'POST /v1/polls/:id/cancel',                       expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: request.cancelOwnersVote },
  // The procedure of owners' votes (issue 37): 业主委员会 and notice period by the administrator;
  // officers by administrators and managers; corrections by them (a home not in the roll: 400);
  // objections from the roll's owners, answered by administrators and managers.
  { what: 'GET  /v1/manage/owners-committee',                expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: (tk) => procedure.request.committee(tk) },
  { what: 'POST /v1/manage/owners-committee/add',            expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 403, 200], run: (tk) => procedure.request.addMember(tk) },
  { what: 'POST /v1/manage/owners-committee/remove',         expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 403, 200], run: (tk) => procedure.request.removeMember(tk) },
  { what: 'GET  /v1/manage/owners-settings',                 expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: (tk) => procedure.request.settings(tk) },
  { what: 'POST /v1/manage/owners-settings',                 expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 403, 200], run: (tk) => procedure.request.saveSettings(tk) },
  { what: 'POST /v1/polls/:id/officers',                     expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: (tk) => procedure.request.addOfficer(tk) },
  { what: 'POST /v1/polls/:id/officers/remove',              expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: (tk) => procedure.request.removeOfficer(tk) },
  { what: 'GET  /v1/polls/:id/procedure',                    expect: [423, 424, 424, 200, 403, 403, 403, 403, 200, 200, 200], run: (tk) => procedure.request.procedure(tk) },
  { what: 'POST /v1/polls/:id/corrections',                  expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 400, 400], run: (tk) => procedure.request.correct(tk) },
  { what: 'POST /v1/polls/:id/objections',                   expect: [423, 424, 424, 200, 403, 403, 403, 403, 403, 403, 403], run: (tk) => procedure.request.sendObjection(tk) },
  { what: 'GET  /v1/polls/:id/objections',                   expect: [423, 424, 424, 200, 403, 403, 403, 403, 200, 200, 200], run: (tk) => procedure.request.objections(tk) },
  { what: 'POST /v1/polls/:id/objections/answer',            expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: (tk) => procedure.request.answer(tk) },
  // Paper ballots and proxies (issue 37 item 4): the desk and written records for administrators and
  // managers; a proxy named in the app by an owner (staff own no home in it: 409 nothing to delegate).
  { what: 'GET  /v1/polls/:id/desk',                         expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: request.ballotDesk },
  { what: 'POST /v1/polls/:id/paper',                        expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: request.paperBallot },
  { what: 'POST /v1/polls/:id/proxy/written',                expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: request.writtenProxy },
  { what: 'POST /v1/polls/:id/proxy/written/withdraw',       expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: request.withdrawWrittenProxy },
  { what: 'POST /v1/polls/:id/proxy',                        expect: [423, 424, 424, 200, 403, 403, 403, 403, 409, 409, 409], run: request.nameProxy },
  { what: 'POST /v1/polls/vote (owners’ vote)',              expect: [423, 424, 424, 200, 403, 403, 403, 403, 403, 403, 403], run: request.voteAsOwner },
  // Own registration: anyone logged in; 409 = let through and refused by the pass rules (the
  // resident and the visitor hold a valid pass already). Last, as it gives the others a pending one.
  { what: 'POST /v1/userCard (own registration)',            expect: [423, 424, 424, 409, 409, 200, 200, 200, 200, 200, 200], run: request.ownRegistration },
  // 邻里圈: whoever joined reads, residents and staff write, administrators and managers moderate.
  { what: 'GET  /v1/board/posts',                            expect: [423, 424, 424, 200, 200, 403, 403, 403, 200, 200, 200], run: request.boardFeed },
  { what: 'GET  /v1/board/search',                           expect: [423, 424, 424, 200, 200, 403, 403, 403, 200, 200, 200], run: request.boardSearch },
  { what: 'GET  /v1/board/posts/:id',                        expect: [423, 424, 424, 200, 200, 403, 403, 403, 200, 200, 200], run: request.boardPost },
  { what: 'GET  /v1/board/posts/:id/comments',               expect: [423, 424, 424, 200, 200, 403, 403, 403, 200, 200, 200], run: request.boardComments },
  { what: 'GET  /v1/board/people/:openId/posts',             expect: [423, 424, 424, 200, 200, 403, 403, 403, 200, 200, 200], run: request.boardPerson },
  { what: 'GET  /v1/board/rules',                            expect: [423, 424, 424, 200, 200, 403, 403, 403, 200, 200, 200], run: request.boardRules },
  { what: 'POST /v1/board/posts',                            expect: [423, 424, 424, 200, 403, 403, 403, 403, 200, 200, 200], run: request.boardCreate },
  { what: 'POST /v1/board/comments',                         expect: [423, 424, 424, 200, 403, 403, 403, 403, 200, 200, 200], run: request.boardComment },
  { what: 'POST /v1/board/posts/:id/like',                   expect: [423, 424, 424, 200, 403, 403, 403, 403, 200, 200, 200], run: request.boardLike },
  { what: 'POST /v1/board/reports',                          expect: [423, 424, 424, 200, 403, 403, 403, 403, 200, 200, 200], run: request.boardReport },
  { what: 'GET  /v1/manage/board/queue',                     expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: request.boardQueue },
  { what: 'POST /v1/manage/board/moderate',                  expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: request.boardModerate },
  { what: 'POST /v1/manage/board/pin',                       expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: request.boardPin },
  { what: 'POST /v1/manage/board/mute',                      expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: request.boardMute },
  { what: 'GET  /v1/manage/board/mutes',                     expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: request.boardMutes },
  { what: 'GET  /v1/manage/board/actions',                   expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: request.boardActions },
  { what: 'POST /v1/manage/board/rules',                     expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: request.boardSaveRules },
  // 社区相册: whoever may read the community reads; its staff (and attendees) add; anyone but the
  // uploader is refused a delete; readers ask for a removal; managers and administrators decide.
  { what: 'GET  /v1/albums',                                 expect: [423, 424, 424, 200, 200, 403, 403, 403, 200, 200, 200], run: request.albums },
  { what: 'GET  /v1/albums/:id',                             expect: [423, 424, 424, 200, 200, 403, 403, 403, 200, 200, 200], run: request.album },
  { what: 'POST /v1/albums/:id/photos',                      expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: request.albumAdd },
  { what: 'POST /v1/albums/photos/:id/delete (not theirs)',  expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 403, 403], run: request.albumDelete },
  { what: 'POST /v1/albums/photos/:id/removal',              expect: [423, 424, 424, 200, 200, 403, 403, 403, 200, 200, 200], run: request.albumAskRemoval },
  { what: 'GET  /v1/manage/albums/requests',                 expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: request.albumRequests },
  { what: 'POST /v1/manage/albums/requests/decide',          expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: request.albumDecide },
  { what: 'POST /v1/manage/albums/photos/:id/remove',        expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: request.albumRemove },
  // 场地预约: residents (and staff) book; managers and administrators set spaces up; all staff see and approve bookings.
  { what: 'GET  /v1/spaces',                                 expect: [423, 424, 424, 200, 403, 403, 403, 403, 200, 200, 200], run: request.spaces },
  { what: 'GET  /v1/spaces/:id',                             expect: [423, 424, 424, 200, 403, 403, 403, 403, 200, 200, 200], run: request.spaceDay },
  { what: 'POST /v1/spaces/:id/book',                        expect: [423, 424, 424, 200, 403, 403, 403, 403, 200, 200, 200], run: request.spaceBook },
  { what: 'GET  /v1/spaces/bookings/mine',                   expect: [423, 424, 424, 200, 403, 403, 403, 403, 200, 200, 200], run: request.myBookings },
  { what: 'POST /v1/spaces/bookings/:id/cancel (not theirs)', expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 403, 403], run: request.bookingCancel },
  { what: 'POST /v1/manage/spaces/save',                     expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: request.spaceSave },
  { what: 'GET  /v1/manage/spaces',                          expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: request.managedSpaces },
  { what: 'GET  /v1/manage/spaces/bookings',                 expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: request.dayBookings },
  { what: 'POST /v1/manage/spaces/bookings/review',          expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: request.bookingReview },
  { what: 'POST /v1/manage/spaces/bookings/cancel',          expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: request.bookingStaffCancel },
  // 社区活动: whoever joined reads; an event open to its link, anyone logged in; staff publish and
  // run events, residents propose (the demo community allows it); administrators and managers set.
  { what: 'GET  /v1/events',                                 expect: [423, 424, 424, 200, 200, 403, 403, 403, 200, 200, 200], run: request.eventList },
  { what: 'GET  /v1/events/search',                          expect: [423, 424, 424, 200, 200, 403, 403, 403, 200, 200, 200], run: request.eventSearch },
  { what: 'GET  /v1/events/kinds',                           expect: [423, 424, 424, 200, 200, 403, 403, 403, 200, 200, 200], run: request.eventKinds },
  { what: 'GET  /v1/events/settings',                        expect: [423, 424, 424, 200, 200, 403, 403, 403, 200, 200, 200], run: request.eventSettings },
  { what: 'GET  /v1/events/:id',                             expect: [423, 424, 424, 200, 200, 403, 403, 403, 200, 200, 200], run: request.eventDetail },
  { what: 'GET  /v1/events/:id (audience link)',             expect: [423, 424, 424, 200, 200, 200, 200, 200, 200, 200, 200], run: request.eventDetailLink },
  { what: 'POST /v1/events (publish, propose)',              expect: [423, 424, 424, 200, 403, 403, 403, 403, 200, 200, 200], run: request.eventPublish },
  { what: 'POST /v1/events/:id/edit',                        expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: request.eventEdit },
  { what: 'POST /v1/events/:id/cancel',                      expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: request.eventCancel },
  { what: 'GET  /v1/manage/events/proposals',                expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: request.eventProposals },
  { what: 'POST /v1/manage/events/review',                   expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: request.eventReview },
  { what: 'POST /v1/manage/events/settings',                 expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: request.eventSaveSettings },
  { what: 'GET  /v1/manage/events/stats',                    expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: request.eventStats },
  // 社区活动 sign-ups: an event for the community's residents (a visitor's pass is no residence);
  // its staff see the list and record walk-ins; whole mobiles for managers and administrators.
  { what: 'POST /v1/events/:id/signup',                      expect: [423, 424, 424, 200, 403, 403, 403, 403, 200, 200, 200], run: request.eventSignUp },
  { what: 'POST /v1/events/:id/signup/cancel',               expect: [423, 424, 424, 200, 403, 403, 403, 403, 200, 200, 200], run: request.eventCancelSignup },
  { what: 'GET  /v1/events/mine',                            expect: [423, 424, 424, 200, 200, 200, 200, 200, 200, 200, 200], run: request.myEvents },
  { what: 'GET  /v1/manage/events/:id/signups',              expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: request.eventSignups },
  { what: 'GET  /v1/manage/events/:id/signups?export=1',     expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: request.exportEventSignups },
  { what: 'GET  …/signups?export=1&whole=1',                 expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: request.exportEventSignupsWhole },
  { what: 'POST /v1/manage/events/:id/walkin',               expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: request.eventWalkIn },
  // Check-in at the door: the community's staff scan (online, by code alone, or sent later from
  // the offline list), download the list and show the door QR; nobody else, nothing written.
  { what: 'POST /v1/manage/events/:id/checkin',              expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: request.eventCheckin },
  { what: 'POST /v1/manage/events/checkin-by-code',          expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: request.eventCheckinByCode },
  { what: 'POST /v1/manage/events/:id/checkins',             expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: request.eventOfflineCheckins },
  { what: 'POST /v1/events/:id/door-checkin (not theirs)',   expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 403, 403], run: request.eventDoorCheckin },
  { what: 'GET  /v1/manage/events/:id/checkin-kit',          expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: request.eventCheckinKit },
  { what: 'GET  /v1/manage/events/:id/door',                 expect: [423, 424, 424, 403, 403, 403, 403, 403, 200, 200, 200], run: request.eventDoorCode },
  // 周边商家: anyone logged in applies and lists their shops; someone else's shop is refused to
  // all; reviews are the operator's (adm) and the administrators' and managers' of the shop's
  // communities (the shop serves HOME only); residents (and visitors) of a community that approved
  // a shop find it; its licence photo only its staff and reviewers (404: nobody learns it exists).
  { what: 'POST /v1/merchants (apply)',                      expect: [423, 424, 424, 200, 200, 200, 200, 200, 200, 200, 200], run: request.merchantApply },
  { what: 'GET  /v1/merchants/mine',                         expect: [423, 424, 424, 200, 200, 200, 200, 200, 200, 200, 200], run: request.merchantMine },
  { what: 'POST /v1/merchants/:id/edit (not theirs)',        expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 403, 403], run: request.merchantEdit },
  { what: 'GET  /v1/merchants/:id/manage (not theirs)',      expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 403, 403], run: request.merchantManage },
  { what: 'POST /v1/merchants/:id/clerks (not theirs)',      expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 403, 403], run: request.merchantAddClerk },
  { what: 'POST /v1/merchants/:id/clerks/remove (not theirs)', expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 403, 403], run: request.merchantRemoveClerk },
  { what: 'GET  /v1/merchants/reviews',                      expect: [423, 424, 424, 403, 403, 403, 200, 200, 403, 200, 200], run: request.merchantReviews },
  { what: 'GET  /v1/merchants/reviews/log',                  expect: [423, 424, 424, 403, 403, 403, 200, 200, 403, 200, 200], run: request.merchantReviewLog },
  { what: 'POST /v1/merchants/:id/review poiId=HOME',        expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: request.merchantReviewHome },
  { what: 'POST /v1/merchants/:id/review (all communities)', expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 403, 200], run: request.merchantReviewAll },
  { what: 'POST /v1/merchants/:id/suspend',                  expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 403, 200], run: request.merchantSuspend },
  { what: 'GET  /v1/merchants?poiId=',                       expect: [423, 424, 424, 200, 200, 403, 403, 403, 200, 200, 200], run: request.merchantList },
  { what: 'GET  /v1/merchants/:id?poiId=',                   expect: [423, 424, 424, 200, 200, 403, 403, 403, 200, 200, 200], run: request.merchantPage },
  { what: 'GET  /v1/images/shop/:id/:hash/thumb',            expect: [423, 424, 424, 200, 200, 404, 404, 404, 200, 200, 200], run: request.merchantPhoto },
  { what: 'GET  /v1/images/shop/:id/:hash (licence)',        expect: [423, 424, 424, 404, 404, 404, 404, 404, 404, 200, 200], run: request.merchantLicence },
  // 优惠券: offers are public; a claim needs a member of the community it names (a visitor's pass
  // is no residence); coupons are their holder's. No community role gives a shop's rights (the
  // shop's own callers: coupons/authorization.test.ts).
  { what: 'POST /v1/holderKeys',                             expect: [423, 424, 424, 200, 200, 200, 200, 200, 200, 200, 200], run: (tk) => coupons.request.holderKey(tk) },
  { what: 'GET  /v1/holderKeys/:kid (one\'s own)',           expect: [423, 424, 424, 200, 200, 200, 200, 200, 200, 200, 200], run: (tk) => coupons.request.holderKeyState(tk) },
  { what: 'GET  /v1/coupon-batches',                         expect: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200], run: (tk) => coupons.request.offered(tk) },
  { what: 'GET  /v1/coupon-batches/:id',                     expect: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200], run: (tk) => coupons.request.batchPage(tk) },
  { what: 'POST /v1/coupon-batches/:id/claim',               expect: [423, 424, 424, 200, 403, 403, 403, 403, 200, 200, 200], run: (tk) => coupons.request.claim(tk) },
  { what: 'GET  /v1/coupons/mine',                           expect: [423, 424, 424, 200, 200, 200, 200, 200, 200, 200, 200], run: (tk) => coupons.request.mine(tk) },
  { what: "GET  /v1/coupons/:id (the resident's)",           expect: [423, 424, 424, 200, 404, 404, 404, 404, 404, 404, 404], run: (tk) => coupons.request.residentsCoupon(tk) },
  { what: 'POST /v1/merchants/:id/coupon-batches',           expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 403, 403], run: (tk) => coupons.request.publish(tk) },
  { what: 'GET  /v1/merchants/:id/coupon-batches',           expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 403, 403], run: (tk) => coupons.request.shopBatches(tk) },
  { what: 'POST /v1/merchants/:id/coupon-batches/:b/stop',   expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 403, 403], run: (tk) => coupons.request.stop(tk) },
  { what: 'POST /v1/merchants/:id/redeem',                   expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 403, 403], run: (tk) => coupons.request.redeem(tk) },
  { what: 'GET  /v1/merchants/:id/counter-kit',              expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 403, 403], run: (tk) => coupons.request.kit(tk) },
  { what: 'POST /v1/merchants/:id/redemptions',              expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 403, 403], run: (tk) => coupons.request.offline(tk) },
  { what: 'GET  /v1/merchants/:id/redemptions',              expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 403, 403], run: (tk) => coupons.request.redemptions(tk) },
  { what: 'GET  /v1/merchants/:id/redemptions?export=1',     expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 403, 403], run: (tk) => coupons.request.exportRedemptions(tk) },
  { what: 'GET  /v1/merchants/:id/coupon-stats',             expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 403, 403], run: (tk) => coupons.request.stats(tk) },
  // 红包 (issue 35): only the shop's owner (HOME's administrator here; its duty staff is a clerk)
  // runs campaigns; residents and staff of a served community start and open packets, nobody of
  // another community; only the sharer reads who opened theirs. 会员等级: everyone their own.
  { what: 'POST /v1/merchants/:id/redbags',                  expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 403, 200], run: request.redbagCreate },
  { what: 'GET  /v1/merchants/:id/redbags',                  expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 403, 200], run: request.redbagShopList },
  { what: 'GET  /v1/redbags',                                expect: [423, 424, 424, 200, 403, 403, 403, 403, 200, 200, 200], run: request.redbagList },
  { what: 'POST /v1/redbags/start',                          expect: [423, 424, 424, 200, 403, 403, 403, 403, 200, 200, 200], run: request.redbagStart },
  { what: 'GET  /v1/redbags/:id',                            expect: [423, 424, 424, 200, 403, 403, 403, 403, 200, 200, 200], run: request.redbagView },
  { what: 'POST /v1/redbags/:id/open',                       expect: [423, 424, 424, 200, 403, 403, 403, 403, 200, 200, 200], run: request.redbagOpen },
  { what: 'GET  /v1/redbags/:id/share',                      expect: [423, 424, 424, 200, 403, 403, 403, 403, 403, 403, 403], run: request.redbagShare },
  { what: 'GET  /v1/levels/mine',                            expect: [423, 424, 424, 200, 200, 200, 200, 200, 200, 200, 200], run: request.myLevel },
  // 社区团购 (issue 36): residents (and staff) of HOME apply to be its 团长 – the demo resident is
  // one already (400); its administrator and manager (or the operator) review and manage; its
  // readers see the group buys, its residents order; nobody of another community does anything;
  // a group buy is its seller's, an order its buyer's.
  { what: 'POST /v1/group-leaders (apply in HOME)',          expect: [423, 424, 424, 400, 403, 403, 403, 403, 200, 200, 200], run: (tk) => groupbuys.request.apply(tk) },
  { what: 'GET  /v1/group-leaders?poiId=',                   expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: (tk) => groupbuys.request.applications(tk) },
  { what: 'POST /v1/group-leaders/:id/review',               expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: (tk) => groupbuys.request.review(tk) },
  { what: 'POST /v1/group-leaders/:id/suspend',              expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: (tk) => groupbuys.request.suspend(tk) },
  { what: 'GET  /v1/group-buys?poiId=',                      expect: [423, 424, 424, 200, 200, 403, 403, 403, 200, 200, 200], run: (tk) => groupbuys.request.list(tk) },
  { what: 'GET  /v1/group-buys/:id',                         expect: [423, 424, 424, 200, 200, 403, 403, 403, 200, 200, 200], run: (tk) => groupbuys.request.page(tk) },
  { what: 'GET  /v1/group-buys/manage?poiId=',               expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: (tk) => groupbuys.request.manage(tk) },
  { what: "POST /v1/group-buys (as another's 团长 row)",     expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 403, 403], run: (tk) => groupbuys.request.publish(tk) },
  { what: 'POST /v1/group-buys/:id/cancel (not theirs)',     expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 403, 403], run: (tk) => groupbuys.request.cancel(tk) },
  { what: 'POST /v1/orders',                                 expect: [423, 424, 424, 200, 403, 403, 403, 403, 200, 200, 200], run: (tk) => groupbuys.request.order(tk) },
  { what: "GET  /v1/orders/:id (another's)",                 expect: [423, 424, 424, 404, 404, 404, 404, 404, 404, 404, 404], run: (tk) => groupbuys.request.othersOrder(tk) },
  { what: "POST /v1/orders/:id/cancel (another's)",          expect: [423, 424, 424, 404, 404, 404, 404, 404, 404, 404, 404], run: (tk) => groupbuys.request.cancelOthersOrder(tk) },
  { what: 'POST /v1/manage/board/useful',                    expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 200, 200], run: request.boardUseful },
  { what: "POST /v1/orders/:id/pay (the resident's order)",  expect: [423, 424, 424, 503, 403, 403, 403, 403, 403, 403, 403], run: (tk) => payments.request.pay(tk) },
  { what: "GET  /v1/orders/:id/payment (the resident's)",    expect: [423, 424, 424, 200, 403, 403, 403, 403, 403, 403, 403], run: (tk) => payments.request.payment(tk) },
  { what: 'GET  /v1/payments/reconciliations',               expect: [423, 424, 424, 403, 403, 403, 403, 403, 403, 403, 200], run: (tk) => payments.request.reconciliations(tk) },
  // 社区团购 (issue 36): the demo resident is the 团长 selling; the demo visitor buys. Only the
  // 团长 scans, lists and decides; only the buyer sees and refunds their order (404 for anyone else).
  { what: 'GET  /v1/sellers/mine',                           expect: [423, 424, 424, 200, 200, 200, 200, 200, 200, 200, 200], run: (tk) => pickups.request.sellers(tk) },
  { what: 'POST /v1/sellers/:id/pickup/check',               expect: [423, 424, 424, 200, 403, 403, 403, 403, 403, 403, 403], run: (tk) => pickups.request.check(tk) },
  { what: 'POST /v1/sellers/:id/pickup/collect',             expect: [423, 424, 424, 200, 403, 403, 403, 403, 403, 403, 403], run: (tk) => pickups.request.collect(tk) },
  { what: 'GET  /v1/sellers/:id/pickup/kit',                 expect: [423, 424, 424, 200, 403, 403, 403, 403, 403, 403, 403], run: (tk) => pickups.request.kit(tk) },
  { what: 'POST /v1/sellers/:id/pickup/offline',             expect: [423, 424, 424, 200, 403, 403, 403, 403, 403, 403, 403], run: (tk) => pickups.request.offline(tk) },
  { what: 'GET  /v1/sellers/:id/pickup/list',                expect: [423, 424, 424, 200, 403, 403, 403, 403, 403, 403, 403], run: (tk) => pickups.request.dayList(tk) },
  { what: 'GET  /v1/pickup/mine',                            expect: [423, 424, 424, 200, 200, 200, 200, 200, 200, 200, 200], run: (tk) => pickups.request.myPickups(tk) },
  { what: "GET  /v1/orders/:id/refundable (the visitor's)",  expect: [423, 424, 424, 404, 200, 404, 404, 404, 404, 404, 404], run: (tk) => pickups.request.refundable(tk) },
  { what: "POST /v1/orders/:id/refunds (the visitor's)",     expect: [423, 424, 424, 404, 200, 404, 404, 404, 404, 404, 404], run: (tk) => pickups.request.requestRefund(tk) },
  { what: 'GET  /v1/refunds/mine',                           expect: [423, 424, 424, 200, 200, 200, 200, 200, 200, 200, 200], run: (tk) => pickups.request.myRefunds(tk) },
  { what: 'GET  /v1/sellers/:id/refunds',                    expect: [423, 424, 424, 200, 403, 403, 403, 403, 403, 403, 403], run: (tk) => pickups.request.sellerRefunds(tk) },
  { what: 'POST /v1/refunds/:id/agree',                      expect: [423, 424, 424, 200, 403, 403, 403, 403, 403, 403, 403], run: (tk) => pickups.request.agree(tk) },
  { what: 'POST /v1/refunds/:id/refuse',                     expect: [423, 424, 424, 200, 403, 403, 403, 403, 403, 403, 403], run: (tk) => pickups.request.refuse(tk) },
  { what: 'GET  /v1/leaders/:id/earnings',                   expect: [423, 424, 424, 200, 403, 403, 403, 403, 403, 403, 403], run: (tk) => pickups.request.earnings(tk) },
  { what: 'GET  /v1/leaders/:id/statement (.xlsx)',          expect: [423, 424, 424, 200, 403, 403, 403, 403, 403, 403, 403], run: (tk) => pickups.request.statement(tk) },
  { what: 'GET  /v1/leaders/mine',                           expect: [423, 424, 424, 200, 200, 200, 200, 200, 200, 200, 200], run: (tk) => pickups.request.leaderships(tk) },
];

/** A deadline a week after the test clock's now. */
const pollEnd = (days = 7) => beijingDateTime(new Date(t.clock.now().getTime() + days * 86_400_000));

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { LOG_LEVEL: 'warn' }, payments: matrixPayments });
  // A session that ran out: logged in, then the clock moves past SESSION_TTL_DAYS. Everyone else
  // logs in after the jump.
  tokens.exp = await login(freshMobile());
  t.clock.advance((t.config.SESSION_TTL_DAYS + 1) * 86_400_000);
  tokens.none = null;
  tokens.out = await login(freshMobile());
  await post('/v1/auth/logout', tokens.out);
  tokens.res = await login('13800000004');
  tokens.vis = await login('13800000005');
  tokens.duty = await login('13800000003');
  tokens.mgr = await login('13800000002');
  tokens.adm = await login('13800000001');
  tokens.xDuty = await staffOf(t, OTHER, 2);
  tokens.xMgr = await staffOf(t, OTHER, 1);
  const otherAdmin = await registeredPerson();
  tokens.xAdm = await login(otherAdmin.mobile);
  await t.database.db.insert(communityAdmins).values({ userId: otherAdmin.id, poiId: OTHER });

  // The jump ended the demo visitor's pass: they register again and the manager approves, so the
  // visitor column is a visitor with a valid pass.
  const profile = (await post('/v1/userCard/userProfile', tokens.vis, { poiId: HOME })).body.data.userCard;
  const again = await post('/v1/userCard', tokens.vis, { poiId: HOME, name: profile.name, mobile: profile.mobile, card: profile.card, owner: '访客', address: profile.address, other: profile.other, isReturn: 0 });
  expect(again.status, JSON.stringify(again.body)).toBe(200);
  expect((await post('/v1/userCard/verify', tokens.mgr, { poiId: HOME, _id: again.body.data._id, status: 1 })).status).toBe(200);
  expect((await get(`/v1/userCard/my?poiId=${HOME}`, tokens.vis)).body.data.userCard).toMatchObject({ ptype: 1, owner: '访客' });

  residentCode = (await freshCode()).code;
  residentRegistrationId = (await t.database.db.select({ id: registrations.id }).from(registrations).where(eq(registrations.mobileHash, t.pii.hash('13800000004'))))[0]!.id;
  const created = await post('/v1/polls', tokens.adm, { title: '矩阵投票', info: '', end_time: pollEnd(), options: [{ title: '赞成' }, { title: '反对' }], type: 0 });
  pollId = created.body.data.poll._id;
  pollOptionId = (await get(`/v1/polls/${pollId}`, null)).body.data.poll.options[0].option_id;
  expect((await post('/v1/manage/units/save', tokens.adm, { poiId: HOME, building: '5', unit: '1', room: '301', area: '88.6', mobiles: ['13800000004'] })).status).toBe(200);
  ownersVoteId = (await post('/v1/polls', tokens.adm, { title: '矩阵业主表决', end_time: pollEnd(), owners: 1, poiId: HOME })).body.data.poll._id;
  ownersAgreeId = (await get(`/v1/polls/${ownersVoteId}`, tokens.adm)).body.data.poll.options[0].option_id;
  const photo = await t.app.inject({ method: 'POST', url: `/v1/images?poiId=${HOME}`, payload: await freshPhoto(), headers: { 'content-type': 'image/png', token: tokens.adm! } });
  imageHash = photo.json().data.hash;
  albumEventId = (await newEvent(t, HOME)).id;
  procedure = ownersProcedureMatrix(t, { post, get }, () => tokens.adm!, () => tokens.res!);
  await procedure.setUp();
  coupons = couponMatrix(t, { post, get });
  await coupons.setUp((await registeredPerson()).id);
  groupbuys = groupBuyMatrix(t, { post, get });
  await groupbuys.setUp();
  payments = paymentsMatrix(t, { post, get });
  await payments.setUp((await userIdOf('13800000004')).id);
  pickups = pickupMatrix(t, { post, get });
  await pickups.setUp();
});
afterAll(() => t?.close());

/** The matrix as aligned text, so a failure shows the whole table with the wrong cells marked by the diff. */
function render(rows: { what: string; cells: readonly (Outcome | string)[] }[]) {
  const head = `${''.padEnd(48)}${COLUMNS.map((c) => c.padStart(6)).join('')}`;
  return [head, ...rows.map((r) => `${r.what.padEnd(48)}${r.cells.map((c) => String(c).padStart(6)).join('')}`)].join('\n');
}

describe('authorisation matrix', () => {
  // Hundreds of requests, each on a fresh target: well past the default 30 s on a shared machine.
  // Every endpoint times every caller: over a thousand requests, on a host shared with other work.
  it('answers every caller of every community-scoped endpoint as the table says, writing only when allowed', { timeout: 180_000 }, async () => {
    for (const row of ROWS) expect(row.expect, row.what).toHaveLength(COLUMNS.length);
    const actual: { what: string; cells: string[] }[] = [];
    for (const row of ROWS) {
      const cells: string[] = [];
      for (const column of COLUMNS) {
        const result = await row.run(tokens[column]);
        let cell = String(result.outcome ?? result.status);
        // A refused request that changed something, or an allowed one that did not, is marked.
        if (result.wrote !== undefined && result.wrote !== (result.status === 200)) cell += result.wrote ? '!w' : '!n';
        cells.push(cell);
      }
      actual.push({ what: row.what, cells });
    }
    expect(render(actual)).toBe(render(ROWS.map((r) => ({ what: r.what, cells: r.expect }))));
  });
});
