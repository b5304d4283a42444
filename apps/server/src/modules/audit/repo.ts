import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';

export type AuditEntry = typeof auditLog.$inferInsert;

/** Whole views of personal data and exports are written here (PIPL accountability). */
export function createAuditRepo(db: Db) {
  return {
    async record(entry: AuditEntry) {
      await db.insert(auditLog).values(entry);
    },
  };
}
export type AuditRepo = ReturnType<typeof createAuditRepo>;
