import { sql } from 'drizzle-orm';
import { preparedSql, type Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import { GroupWriter } from '../../lib/group-writer';

export type AuditEntry = Omit<typeof auditLog.$inferInsert, 'id' | 'createdAt'>;

/**
 * Whole views of personal data and exports are written here (PIPL accountability). `record`
 * resolves once the line is committed, and callers show nothing before: lines recorded at the
 * same moment share one INSERT and one commit (GroupWriter). Under a rush of staff scans the
 * commit per line was half of each scan's cost (bench/README.md, staff scan).
 */
export function createAuditRepo(db: Db) {
  const c = auditLog;
  const names = sql.join([c.actorId, c.action, c.poiId, c.subjectId, c.rows, c.detail].map((col) => sql.identifier(col.name)), sql`, `);
  const column = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}[]`;
  // One column of values each, whatever the number of lines (drizzle's multi-row insert costs CPU
  // per value to build, more than the write itself), so one statement prepared once serves them all.
  const insertLines = preparedSql(
    db,
    'audit_insert_lines',
    sql`insert into ${auditLog} (${names}) select * from unnest(${sql.join(
      [column('actors', 'uuid'), column('actions', 'text'), column('pois', 'text'), column('subjects', 'text'), column('rows', 'integer'), column('details', 'jsonb')],
      sql`, `,
    )})`,
  );
  const lines = new GroupWriter<AuditEntry>(async (entries) => {
    await insertLines.execute({
      actors: entries.map((e) => e.actorId ?? null),
      actions: entries.map((e) => e.action),
      pois: entries.map((e) => e.poiId ?? null),
      subjects: entries.map((e) => e.subjectId ?? null),
      rows: entries.map((e) => e.rows ?? null),
      details: entries.map((e) => (e.detail == null ? null : JSON.stringify(e.detail))),
    });
  });
  return {
    record: (entry: AuditEntry) => lines.add(entry),
  };
}
export type AuditRepo = ReturnType<typeof createAuditRepo>;
