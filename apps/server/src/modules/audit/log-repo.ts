import { and, desc, eq, gte, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, registrations, staff, users } from '../../db/schema';

export interface AuditFilter {
  poiId: string;
  /** Keyed hash of a person's mobile: entries where they acted or whose registration was seen. */
  mobileHash?: string;
  from?: Date;
  /** Exclusive. */
  until?: Date;
}

/** Reads the audit log of one community, newest first (the writing side is repo.ts). */
export function createAuditLogRepo(db: Db) {
  return {
    async page(f: AuditFilter, limit: number, offset: number) {
      return db
        .select({
          id: auditLog.id,
          createdAt: auditLog.createdAt,
          action: auditLog.action,
          rows: auditLog.rows,
          detail: auditLog.detail,
          actorName: sql<string | null>`coalesce(${staff.username}, ${users.username})`,
          actorMobileEnc: users.mobileEnc,
          subjectName: registrations.name,
          subjectMobile: registrations.mobileMasked,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .leftJoin(staff, and(eq(staff.userId, auditLog.actorId), eq(staff.poiId, auditLog.poiId)))
        // subject_id is text (a registration's id for whole views); compared as text, so another
        // kind of subject simply finds no registration.
        .leftJoin(registrations, sql`${registrations.id}::text = ${auditLog.subjectId}`)
        .where(
          and(
            eq(auditLog.poiId, f.poiId),
            f.from ? gte(auditLog.createdAt, f.from) : undefined,
            f.until ? lt(auditLog.createdAt, f.until) : undefined,
            f.mobileHash ? or(eq(users.mobileHash, f.mobileHash), eq(registrations.mobileHash, f.mobileHash)) : undefined,
          ),
        )
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit)
        .offset(offset);
    },
  };
}
export type AuditLogRepo = ReturnType<typeof createAuditLogRepo>;
