import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema';
import { freshMobile, idCard, poster } from '../support/factories';
import { tableDump } from '../support/table-dump';
import { createTestApp, type TestApp } from '../support/test-app';

const HOME = 'DEMO000001';
let t: TestApp;
let post: ReturnType<typeof poster>;
let manager: string;
const people: { mobile: string; card: string; name: string; id?: string }[] = [
  { mobile: freshMobile(), card: idCard(), name: '欧阳娜娜' },
  { mobile: freshMobile(), card: idCard(), name: '欧阳修' },
  { mobile: freshMobile(), card: idCard(), name: '50%_折扣' },
];

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  post = poster(t);
  manager = await t.login('13800000002');
  for (const p of people) {
    const token = await t.login(p.mobile);
    const res = await post('/v1/userCard', token, { poiId: HOME, name: p.name, mobile: p.mobile, card: p.card, owner: '业主', address: '5号楼', isReturn: 0 });
    p.id = res.body.data._id;
  }
});
afterAll(() => t.close());

const list = (body: object) => post('/v1/userCard/list', manager, { poiId: HOME, ...body });

describe('staff lists', () => {
  it('masks mobiles and ID numbers and counts each tab', async () => {
    const { body } = await list({ status: 0 });
    const row = body.data.userCards.find((r: { _id: string }) => r._id === people[0]!.id);
    expect(row.mobile).toBe(`${people[0]!.mobile.slice(0, 3)}****${people[0]!.mobile.slice(7)}`);
    expect(row.card).toMatch(/^\d{6}\*{8}[\dX]{4}$/);
    expect(JSON.stringify(body)).not.toContain(people[0]!.mobile);
    expect(JSON.stringify(body)).not.toContain(people[0]!.card);
    expect(body.data).toMatchObject({ status_0: 3, status_1: 2, status_2: 0 });
  });

  it('finds people by part of the name, or by a whole mobile or ID number', async () => {
    const ids = async (keyword: string) => (await list({ keyword })).body.data.userCards.map((r: { _id: string }) => r._id).sort();
    expect(await ids('欧阳')).toEqual([people[0]!.id, people[1]!.id].sort());
    expect(await ids(people[1]!.mobile)).toEqual([people[1]!.id]);
    expect(await ids(people[0]!.card.toLowerCase())).toEqual([people[0]!.id]);
    expect(await ids(people[1]!.mobile.slice(0, 7))).toEqual([]);
    // Wildcards typed by a person are letters.
    expect(await ids('%')).toEqual([people[2]!.id]);
    expect((await list({ keyword: '欧阳' })).body.data).toMatchObject({ status_0: 2, status_1: 0 });
    // An empty keyword (what existing clients send as the page opens) lists everything.
    for (const keyword of ['', '   ']) {
      const all = (await list({ keyword })).body;
      expect(all.code).toBe(200);
      expect(all.data).toMatchObject({ status_0: 3, status_1: 2, status_2: 0 });
    }
  });

  it('pages by 20', async () => {
    for (let i = 0; i < 21; i++) {
      await post('/v1/userCard', manager, { poiId: HOME, name: `批量${i}`, mobile: freshMobile(), card: idCard(), owner: '业主', address: '6号楼', isReturn: 0, import: 1 });
    }
    const first = (await list({ status: 1, page: 1 })).body.data.userCards;
    const second = (await list({ status: 1, page: 2 })).body.data.userCards;
    expect(first).toHaveLength(20);
    expect(second.length).toBe(23 - 20);
    expect(new Set([...first, ...second].map((r: { _id: string }) => r._id)).size).toBe(23);
  });
});

describe('personal data', () => {
  it('shows whole values only in the staff detail view, and audits every such view', async () => {
    const detail = await post('/v1/userCard/userInfo', manager, { poiId: HOME, _id: people[0]!.id });
    expect(detail.body.data.userCard).toMatchObject({ mobile: people[0]!.mobile, card: people[0]!.card });
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, people[0]!.id!));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'registration.view', poiId: HOME, rows: 1 });
  });

  it('keeps no mobile, ID number or pass code in clear in the database or the logs', async () => {
    const resident = await t.login('13800000004');
    const my = (await t.app.inject({ method: 'GET', url: `/v1/userCard/my?poiId=${HOME}`, headers: { token: resident } })).json().data.userCard;
    await post('/v1/userCard/userInfo', manager, { poiId: HOME, code: my.code });
    const dump = await tableDump(t.database.db, ['registrations', 'entry_logs', 'pass_codes', 'audit_log', 'users', 'registration_reviews']);
    for (const p of people) {
      expect(dump).not.toContain(p.mobile);
      expect(dump).not.toContain(p.card);
    }
    expect(dump).not.toContain(my.code);
    const logs = t.logs();
    expect(logs).toContain('/v1/userCard');
    for (const secret of [...people.flatMap((p) => [p.mobile, p.card]), my.code, '13800000004']) expect(logs).not.toContain(secret);
  });
});
