import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { KeysetCursor } from '../../db/keyset';
import { auditLog, staff, users } from '../../db/schema';

/** The board's lines of the audit log of one community (board.*, and the keyword settings), newest first. */
export function createActionsRepo(db: Db) {
  return {
    page: (poiId: string, cursor: KeysetCursor | null, limit: number) =>
      db
        .select({
          id: auditLog.id,
          action: auditLog.action,
          detail: auditLog.detail,
          createdAt: auditLog.createdAt,
          cursorAt: sql<string>`${auditLog.createdAt}::text`,
          by: sql<string | null>`coalesce(${staff.username}, ${users.username})`,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .leftJoin(staff, and(eq(staff.userId, auditLog.actorId), eq(staff.poiId, auditLog.poiId)))
        .where(
          and(
            eq(auditLog.poiId, poiId),
            or(sql`${auditLog.action} like 'board.%'`, eq(auditLog.action, 'content.settings')),
            cursor ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${cursor.at}::timestamptz, ${cursor.id}::bigint)` : undefined,
          ),
        )
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit),
  };
}
export type ActionsRepo = ReturnType<typeof createActionsRepo>;
