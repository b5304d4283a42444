import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inTurn, type Tx } from '../../db/in-turn';
import { boardComments, boardPosts, boardReports } from '../../db/schema';

export type ReportOutcome = { outcome: 'limited' } | { outcome: 'again' } | { outcome: 'counted'; heldNow: boolean };

/**
 * Counts one more reporter on the content under its row lock and holds it when `hold` people
 * reported it (a held comment no longer counts on its post). Answers whether this report held it.
 */
async function countReport(tx: Tx, target: 'post' | 'comment', id: string, hold: number): Promise<boolean> {
  const table = target === 'post' ? boardPosts : boardComments;
  const [old] = await tx.select({ status: table.status, reports: table.reportCount }).from(table).where(eq(table.id, id)).for('update');
  const holds = old!.status === 'visible' && old!.reports + 1 >= hold;
  await tx
    .update(table)
    .set({
      reportCount: sql`${table.reportCount} + 1`,
      ...(holds ? { status: 'held', heldReasons: sql`array_append(array_remove(${table.heldReasons}, 'reports'), 'reports')` } : {}),
    })
    .where(eq(table.id, id));
  if (holds && target === 'comment') {
    await tx
      .update(boardPosts)
      .set({ commentCount: sql`${boardPosts.commentCount} - 1` })
      .where(sql`${boardPosts.id} = (select ${boardComments.postId} from ${boardComments} where ${boardComments.id} = ${id})`);
  }
  return holds;
}

/** 举报: one per person per content (the key), at most `perHour` an hour per person. */
export function createReportsRepo(db: Db) {
  return {
    async report(r: { target: 'post' | 'comment'; targetId: string; reporterId: string; poiId: string; reason: string; detail: string; perHour: number; hold: number; now: Date }): Promise<ReportOutcome> {
      return inTurn(db, [['board-writes', r.reporterId]], async (tx) => {
        const [recent] = await tx
          .select({ n: count() })
          .from(boardReports)
          .where(and(eq(boardReports.reporterId, r.reporterId), gt(boardReports.createdAt, new Date(r.now.getTime() - 3_600_000))));
        if (recent!.n >= r.perHour) return { outcome: 'limited' };
        const added = await tx
          .insert(boardReports)
          .values({ target: r.target, targetId: r.targetId, reporterId: r.reporterId, poiId: r.poiId, reason: r.reason, detail: r.detail, createdAt: r.now })
          .onConflictDoNothing()
          .returning({ at: boardReports.createdAt });
        if (!added.length) return { outcome: 'again' };
        return { outcome: 'counted', heldNow: await countReport(tx, r.target, r.targetId, r.hold) };
      });
    },
  };
}
export type ReportsRepo = ReturnType<typeof createReportsRepo>;
