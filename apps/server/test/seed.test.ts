import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_CATEGORIES } from '@sq/contract/map/service-categories';
import * as t from '../src/db/schema';
import { seedDemo } from '../src/seed/demo';
import { DEMO_ACCOUNTS } from '../src/seed/demo-accounts';
import { PLACE_TYPES } from '../src/seed/demo-data';
import { DEMO_OWNERS_VOTE_ID } from '../src/seed/demo-owners';
import { tableDump } from './support/table-dump';
import { createTestApp, type TestApp } from './support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ seed: true });
});
afterAll(() => app.close());

type Table = typeof t.users | typeof t.communities | typeof t.infoEntries | typeof t.places | typeof t.registrations | typeof t.staff;
const tally = async (table: Table) => (await app.database.db.select({ n: count() }).from(table))[0]!.n;

describe('demo seed', () => {
  it('creates the five demo accounts with their roles', async () => {
    const db = app.database.db;
    expect(await tally(t.users)).toBeGreaterThanOrEqual(DEMO_ACCOUNTS.length + 24);
    const operators = await db.select({ openId: t.users.openId }).from(t.users).where(eq(t.users.isOperator, true));
    expect(operators).toHaveLength(1);
    const admins = await db.select().from(t.communityAdmins);
    expect(admins.map((a) => a.poiId).sort()).toEqual(['DEMO000001', 'DEMO000002']);
    const staff = await db.select().from(t.staff);
    expect(staff.map((s) => [s.poiId, s.level]).sort()).toEqual([['DEMO000001', 1], ['DEMO000001', 2]]);
    const regs = await db.select().from(t.registrations);
    expect(regs.map((r) => [r.owner, r.status]).sort()).toEqual([['业主', 1], ['访客', 1]]);
    expect(regs.find((r) => r.owner === '访客')!.expireTime).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('lets each demo account log in', async () => {
    for (const a of DEMO_ACCOUNTS) {
      const token = await app.login(a.mobile, `10.1.0.${a.mobile.slice(-1)}`);
      const info = await app.app.inject({ method: 'POST', url: '/v1/mobile/community/userInfo', payload: { token } });
      expect(info.json().data.mobile).toBe(a.mobile);
    }
  });

  it('has places of all seven types with phones and photos, service places of every category, and street-level entries', async () => {
    const all = await app.database.db.select().from(t.places);
    const nearby = all.filter((p) => p.id.startsWith('DEMO-P'));
    expect(new Set(nearby.map((p) => p.typeCode))).toEqual(new Set(PLACE_TYPES.map((p) => p.code)));
    expect(nearby.every((p) => p.tel && p.photos.length > 0)).toBe(true);
    // 社区服务: places named for each of the ten categories, with phones (no stock photos).
    const services = all.filter((p) => p.id.startsWith('DEMO-S-'));
    for (const category of Object.values(SERVICE_CATEGORIES)) {
      expect(services.some((p) => category.keywords.some((k) => p.name.includes(k))), category.label).toBe(true);
    }
    expect(services.every((p) => p.tel)).toBe(true);
    const street = await app.database.db.select().from(t.infoEntries).where(sql`${t.infoEntries.streetId} is not null`);
    expect(street.length).toBeGreaterThan(0);
  });

  it('changes nothing when run again', async () => {
    const before = await Promise.all([t.users, t.communities, t.infoEntries, t.places, t.registrations, t.staff].map(tally));
    await seedDemo(app.database.db, app.pii);
    const after = await Promise.all([t.users, t.communities, t.infoEntries, t.places, t.registrations, t.staff].map(tally));
    expect(after).toEqual(before);
  });

  it('stores no mobile or ID number in clear anywhere', async () => {
    const tables = ['users', 'registrations', 'entry_logs', 'sms_codes', 'staff', 'audit_log'];
    const dump = await tableDump(app.database.db, tables);
    expect(dump.length).toBeGreaterThan(1000);
    // The actual numbers, not a pattern: a UUID's last group can hold 11 digits that look like one.
    const neighbours = Array.from({ length: 26 }, (_, i) => `139000001${String(i).padStart(2, '0')}`);
    for (const mobile of [...DEMO_ACCOUNTS.map((a) => a.mobile), ...neighbours]) expect(dump).not.toContain(mobile);
    // 18 digits in a row fit in no UUID group or timestamp, only in an ID number.
    expect(dump).not.toMatch(/\d{17}[\dX]/);
  });

  it('registers the homes of 望京花园西区 and opens an owners’ vote the demo resident can cast for their home', async () => {
    const token = await app.login('13800000004', '10.1.0.44');
    const res = await app.app.inject({ method: 'GET', url: `/v1/polls/${DEMO_OWNERS_VOTE_ID}`, headers: { token } });
    const data = res.json().data;
    expect(data.myUnits).toEqual([{ label: '8栋2单元601', voted: false }]);
    expect(data.poll.owners).toMatchObject({ total: { units: 72, owners: 72 }, voted: { units: 6, owners: 6 }, outcome: 'open' });
    // A second seed adds nothing.
    await seedDemo(app.database.db, app.pii);
    expect((await app.database.db.select({ n: count() }).from(t.units))[0]!.n).toBe(72);
  });
});
