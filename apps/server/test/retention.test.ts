import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, beijingDate } from '@sq/contract/beijing-time';
import { OFFLINE_SCAN_MAX_AGE_DAYS } from '@sq/contract/pass/offline-scans';
import { auditLog, communityAdmins, entryLogs, invitations, offlineKits, passCodes, passGateStates, registrations, retentionSettings, users } from '../src/db/schema';
import { createAuditRepo } from '../src/modules/audit/repo';
import { createRetentionRepo } from '../src/modules/retention/repo';
import { runRetention } from '../src/modules/retention/service';
import { idCard, freshMobile } from './support/factories';
import { createTestApp, TEST_KEY, type TestApp } from './support/test-app';
import { api, loginAs } from './polls/poll-helpers';
import { newCommunity } from './polls/owners-helpers';

const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

const run = () => runRetention({ repo: createRetentionRepo(t.database.db), audit: createAuditRepo(t.database.db) }, t.clock.now());
const today = () => beijingDate(t.clock.now());

/** A registration as the database holds it (the rules of submitting are not what is tested here). */
async function registration(poiId: string, over: Partial<typeof registrations.$inferInsert> = {}) {
  const mobile = freshMobile();
  const card = idCard();
  const [row] = await t.database.db
    .insert(registrations)
    .values({
      poiId,
      name: '测试人',
      mobileEnc: t.pii.encrypt(mobile),
      mobileHash: t.pii.hash(mobile),
      mobileMasked: `${mobile.slice(0, 3)}****${mobile.slice(7)}`,
      cardEnc: t.pii.encrypt(card),
      cardHash: t.pii.hash(card),
      cardMasked: `${card.slice(0, 1)}****${card.slice(-1)}`,
      owner: '业主',
      address: '1号楼',
      status: 1,
      ...over,
    })
    .returning({ id: registrations.id });
  return row!.id;
}
const find = async (id: string) => (await t.database.db.select().from(registrations).where(eq(registrations.id, id)))[0] ?? null;

describe('retention of personal data', () => {
  it('clears travel data the day after its period, keeps everything else of the registration', async () => {
    const { poiId } = await newCommunity(t);
    const travelled = { isReturn: 1, returnDate: addDays(today(), -30), wuhan: '上海', vehicle: '火车', backup: 'G102' };
    const id = await registration(poiId, travelled);
    await run();
    expect(await find(id)).toMatchObject(travelled);
    t.clock.advance(DAY);
    await run();
    expect(await find(id)).toMatchObject({ isReturn: 0, returnDate: null, wuhan: '', vehicle: '', backup: '', name: '测试人', status: 1 });
  });

  it('deletes registrations sent back or revoked, or whose pass expired, after their period – and only those', async () => {
    const { poiId } = await newCommunity(t);
    const now = t.clock.now().getTime();
    const returnedLong = await registration(poiId, { status: -1, updatedAt: new Date(now - 91 * DAY) });
    const returnedRecent = await registration(poiId, { status: -1, updatedAt: new Date(now - 89 * DAY) });
    const expiredLong = await registration(poiId, { owner: '访客', expireTime: addDays(today(), -91) });
    const expiredAtLimit = await registration(poiId, { owner: '访客', expireTime: addDays(today(), -90) });
    const valid = await registration(poiId);
    const [logLine] = await t.database.db
      .insert(entryLogs)
      .values({ poiId, registrationId: expiredLong, name: '测试人', mobileEnc: t.pii.encrypt('13900000000'), mobileMasked: '139****0000', owner: '访客', direction: 1 })
      .returning({ id: entryLogs.id });
    await run();
    expect(await find(returnedLong)).toBeNull();
    expect(await find(expiredLong)).toBeNull();
    for (const kept of [returnedRecent, expiredAtLimit, valid]) expect(await find(kept)).not.toBeNull();
    // The gate's log keeps its line (its own period), no longer tied to the deleted registration.
    const [line] = await t.database.db.select().from(entryLogs).where(eq(entryLogs.id, logLine!.id));
    expect(line!.registrationId).toBeNull();
  });

  it('deletes a duty phone’s offline kits once no offline scan can name them any more', async () => {
    const { poiId } = await newCommunity(t);
    const now = t.clock.now().getTime();
    const [duty] = await t.database.db.select({ id: users.id }).from(users).limit(1);
    const kit = async (validUntil: number) =>
      (await t.database.db.insert(offlineKits).values({ poiId, userId: duty!.id, issuedAt: new Date(validUntil - 72 * 3_600_000), validUntil: new Date(validUntil) }).returning({ id: offlineKits.id }))[0]!.id;
    // A scan made at the last moment of a kit may arrive OFFLINE_SCAN_MAX_AGE_DAYS later.
    const old = await kit(now - (OFFLINE_SCAN_MAX_AGE_DAYS + 1) * DAY - 60_000);
    const stillNamed = await kit(now - OFFLINE_SCAN_MAX_AGE_DAYS * DAY);
    const current = await kit(now + DAY);
    await run();
    const left = (await t.database.db.select({ id: offlineKits.id }).from(offlineKits).where(eq(offlineKits.poiId, poiId))).map((r) => r.id);
    expect(left.sort()).toEqual([stillNamed, current].sort());
    expect(left).not.toContain(old);
  });

  it('deletes ended invitations after the ended period, and follows a community’s own periods instead of the defaults', async () => {
    const { poiId } = await newCommunity(t);
    const other = await newCommunity(t);
    // The second community keeps ended things 10 days, not the default 90.
    await t.database.db.insert(retentionSettings).values({ poiId: other.poiId, travelDays: 30, endedDays: 10, logMonths: 6 });
    const now = t.clock.now().getTime();
    const [inviter] = await t.database.db.select({ id: users.id }).from(users).limit(1);
    const invitation = async (community: string, endedDaysAgo: number) => {
      const mobile = freshMobile();
      const [row] = await t.database.db
        .insert(invitations)
        .values({
          poiId: community,
          registrationId: await registration(community),
          inviterId: inviter!.id,
          name: '旧访客',
          mobileEnc: t.pii.encrypt(mobile),
          mobileMasked: `${mobile.slice(0, 3)}****${mobile.slice(7)}`,
          startsAt: new Date(now - (endedDaysAgo + 1) * DAY),
          endsAt: new Date(now - endedDaysAgo * DAY),
          entries: 1,
        })
        .returning({ id: invitations.id });
      return row!.id;
    };
    const exists = async (id: string) => (await t.database.db.select({ id: invitations.id }).from(invitations).where(eq(invitations.id, id))).length === 1;
    const defaultOld = await invitation(poiId, 91);
    const defaultRecent = await invitation(poiId, 89);
    const ownOld = await invitation(other.poiId, 11);
    const ownRecent = await invitation(other.poiId, 9);
    // A registration ended 11 days ago: gone in the community that keeps 10 days, kept in the other.
    const endedHere = await registration(other.poiId, { status: -1, updatedAt: new Date(now - 11 * DAY) });
    const endedThere = await registration(poiId, { status: -1, updatedAt: new Date(now - 11 * DAY) });
    await run();
    expect([await exists(defaultOld), await exists(defaultRecent), await exists(ownOld), await exists(ownRecent)]).toEqual([false, true, false, true]);
    expect(await find(endedHere)).toBeNull();
    expect(await find(endedThere)).not.toBeNull();
  });

  it('deletes entry/exit log lines older than six months', async () => {
    const { poiId } = await newCommunity(t);
    const at = (d: Date) => ({ poiId, name: '测试人', mobileEnc: t.pii.encrypt('13900000000'), mobileMasked: '139****0000', owner: '业主', direction: 1, createdAt: d });
    const now = t.clock.now();
    const sixMonthsAgo = new Date(now);
    sixMonthsAgo.setUTCMonth(sixMonthsAgo.getUTCMonth() - 6);
    const [old, recent] = await t.database.db
      .insert(entryLogs)
      .values([at(new Date(sixMonthsAgo.getTime() - DAY)), at(new Date(sixMonthsAgo.getTime() + DAY))])
      .returning({ id: entryLogs.id });
    await run();
    const left = await t.database.db.select({ id: entryLogs.id }).from(entryLogs).where(eq(entryLogs.poiId, poiId));
    expect(left.map((l) => l.id)).toEqual([recent!.id]);
    expect(left.map((l) => l.id)).not.toContain(old!.id);
  });

  it('deletes the rows of used pass codes after a day (the log line is the record)', async () => {
    const { poiId } = await newCommunity(t);
    const id = await registration(poiId);
    const used = (hash: string, hoursAgo: number, step: number) => {
      const at = new Date(t.clock.now().getTime() - hoursAgo * 3_600_000);
      return { codeHash: hash, registrationId: id, poiId, direction: 1, step, expiresAt: at, usedAt: at, isUse: 1, createdAt: at };
    };
    await t.database.db.insert(passCodes).values([used(`old-${id}`, 25, 1), used(`new-${id}`, 23, 2)]);
    await run();
    const left = await t.database.db.select({ hash: passCodes.codeHash }).from(passCodes).where(eq(passCodes.registrationId, id));
    expect(left.map((r) => r.hash)).toEqual([`new-${id}`]);
  });

  it('forgets where a pass stood at the gate a day after its last use (when the person last passed is the log’s to keep)', async () => {
    const { poiId } = await newCommunity(t);
    const [stale, fresh] = [await registration(poiId), await registration(poiId)];
    const hoursAgo = (h: number) => new Date(t.clock.now().getTime() - h * 3_600_000);
    await t.database.db.insert(passGateStates).values([
      { registrationId: stale, inStep: 1, lastDirection: 1, lastAt: hoursAgo(25) },
      { registrationId: fresh, inStep: 2, lastDirection: 1, lastAt: hoursAgo(23) },
    ]);
    await run();
    const left = await t.database.db.select({ id: passGateStates.registrationId }).from(passGateStates).where(inArray(passGateStates.registrationId, [stale, fresh]));
    expect(left.map((r) => r.id)).toEqual([fresh]);
  });

  it('lets the administrator set the periods, shows them to anyone, and refuses bad ones', async () => {
    const adminToken = await loginAs(t, '13800000001');
    const HOME = 'DEMO000001';
    expect((await api(t).get(`/v1/community/retention?poiId=${HOME}`)).json().data).toEqual({ retention: { travelDays: 30, endedDays: 90, logMonths: 6 }, custom: false });
    const saved = await api(t).post('/v1/manage/retention', { poiId: HOME, travelDays: 60, endedDays: 180, logMonths: 12 }, adminToken);
    expect(saved.json().data).toEqual({ retention: { travelDays: 60, endedDays: 180, logMonths: 12 } });
    expect((await api(t).get(`/v1/community/retention?poiId=${HOME}`)).json().data.custom).toBe(true);
    // Travel data of 31 days ago stays in this community now.
    const id = await registration(HOME, { isReturn: 1, returnDate: addDays(today(), -31), wuhan: '武汉' });
    await run();
    expect((await find(id))!.wuhan).toBe('武汉');

    expect((await api(t).post('/v1/manage/retention', { poiId: HOME, travelDays: 10, endedDays: 180, logMonths: 12 }, adminToken)).json()).toEqual({
      code: 400,
      message: '行程信息保存天数需在15到365之间（须长于14天的返京规则）',
      data: null,
    });
    expect((await api(t).post('/v1/manage/retention', { poiId: HOME, travelDays: 30, endedDays: 1, logMonths: 12 }, adminToken)).json().message).toBe('失效登记保存天数需在7到3650之间');
    expect((await api(t).post('/v1/manage/retention', { poiId: HOME, travelDays: 30, endedDays: 90, logMonths: 'x' }, adminToken)).json().message).toBe('出入记录保存月数需在1到60之间');
    const manager = await loginAs(t, '13800000002');
    expect((await api(t).post('/v1/manage/retention', { poiId: HOME, travelDays: 30, endedDays: 90, logMonths: 6 }, manager)).json()).toEqual({ code: 403, message: '只有社区管理员可以修改信息保存期限', data: null });
    expect((await api(t).get('/v1/community/retention?poiId=NO-SUCH')).statusCode).toBe(404);
  });

  it('counts every run in the audit log, with numbers only', async () => {
    const before = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'retention.run'));
    const { poiId } = await newCommunity(t);
    await registration(poiId, { isReturn: 1, returnDate: addDays(today(), -40), wuhan: '广州' });
    await run();
    const after = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'retention.run'));
    const added = after.filter((a) => !before.some((b) => b.id === a.id));
    expect(added.find((a) => a.poiId === poiId)).toMatchObject({ rows: 1, detail: { travel: 1, registrations: 0, logs: 0 } });
    expect(added.find((a) => a.poiId === null)).toBeTruthy();
    expect(JSON.stringify(added)).not.toContain('广州');
    // The community's administrator reads it in 操作日志 as the system's.
    const mobile = freshMobile();
    const admin = await loginAs(t, mobile);
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.mobileHash, t.pii.hash(mobile)));
    await t.database.db.insert(communityAdmins).values({ userId: user!.id, poiId });
    const entries = (await api(t).post('/v1/manage/auditLog', { poiId }, admin)).json().data.entries;
    expect(entries).toMatchObject([{ actor: '系统', action: '到期信息自动删除', rows: 1 }]);
  });

  it('runs from the command line for operators who use cron', async () => {
    const { poiId } = await newCommunity(t);
    const id = await registration(poiId, { isReturn: 1, returnDate: addDays(beijingDate(new Date()), -45), wuhan: '深圳' });
    const root = path.resolve(import.meta.dirname, '../../..');
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'retention'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: t.database.url, DATA_KEY: TEST_KEY.toString('base64'), NODE_ENV: 'test' },
    });
    expect(stdout).toMatch(/Retention: travel data cleared on \d+ registrations/);
    expect((await find(id))!.wuhan).toBe('');
  });
});
