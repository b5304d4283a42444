import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, like, or } from 'drizzle-orm';
import { auditLog, users } from '../../src/db/schema';
import { createAuditRepo, type AuditEntry } from '../../src/modules/audit/repo';
import { openTestDatabase } from '../support/test-database';

describe('audit lines', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.migrate();
  });
  afterAll(() => database.close());

  it('stores every line recorded at once as given – nulls, any text, any detail – each caller answered once its line is stored', async () => {
    const [actor] = await database.db.insert(users).values({ openId: 'u_audit', username: '审计员', mobileEnc: 'x', mobileHash: 'audit-actor' }).returning({ id: users.id });
    const audit = createAuditRepo(database.db);
    const entries: AuditEntry[] = Array.from({ length: 40 }, (_, i) => ({
      actorId: i % 2 ? actor!.id : null,
      action: `test.line-${String(i).padStart(2, '0')}`,
      poiId: i % 3 ? 'DEMO000001' : null,
      subjectId: i % 5 ? `主体 "${i}" \\ {x}` : null,
      rows: i % 4 ? i : null,
      detail: i % 2 ? { note: `引号 " 反斜杠 \\ 逗号, 花括号 {}`, n: i, list: [1, null] } : null,
    }));
    const stored = () => database.db.select().from(auditLog).where(like(auditLog.action, 'test.line-%')).orderBy(asc(auditLog.action));
    const seen = await Promise.all(entries.map(async (e) => (await audit.record(e), (await stored()).some((r) => r.action === e.action))));
    expect(seen.every(Boolean)).toBe(true);
    expect((await stored()).map(({ actorId, action, poiId, subjectId, rows, detail }) => ({ actorId, action, poiId, subjectId, rows, detail }))).toEqual(entries);
  });

  it('refuses a line the database refuses without losing the others recorded with it', async () => {
    const audit = createAuditRepo(database.db);
    const results = await Promise.allSettled([
      audit.record({ action: 'test.kept-1' }),
      audit.record({ action: 'test.kept-2' }),
      audit.record({ action: 'test.refused', actorId: '00000000-0000-4000-8000-000000000000' }), // no such person
      audit.record({ action: 'test.kept-3' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const rows = await database.db.select({ action: auditLog.action }).from(auditLog).where(or(like(auditLog.action, 'test.kept-%'), eq(auditLog.action, 'test.refused'))).orderBy(asc(auditLog.action));
    expect(rows.map((r) => r.action)).toEqual(['test.kept-1', 'test.kept-2', 'test.kept-3']);
  });
});
