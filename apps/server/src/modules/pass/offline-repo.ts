import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { entryLogs, passCodes, registrations } from '../../db/schema';

/** How long an ended pass stays on the scanner's list of refusals. */
const ENDED_DAYS = 30;

/** What the offline scanner keeps, and the scans it sends later (issue 13 item 2). */
export function createOfflineRepo(db: Db) {
  return {
    /**
     * The community's approved and recently ended registrations, and a version that changes with
     * any edit, approval, send-back or deletion (newest change and count).
     */
    async kitRows(poiId: string, now: Date) {
      const since = new Date(now.getTime() - ENDED_DAYS * 86_400_000);
      const [rows, [stamp]] = await Promise.all([
        db
          .select({ id: registrations.id, name: registrations.name, owner: registrations.owner, status: registrations.status, expireTime: registrations.expireTime, isReturn: registrations.isReturn, returnDate: registrations.returnDate, updatedAt: registrations.updatedAt })
          .from(registrations)
          .where(and(eq(registrations.poiId, poiId), inArray(registrations.status, [1, -1]), sql`(${registrations.status} = 1 or ${registrations.updatedAt} >= ${since.toISOString()}::timestamptz)`)),
        db
          .select({ newest: sql<string>`coalesce(extract(epoch from max(${registrations.updatedAt})) * 1000, 0)::bigint::text`, count: sql<number>`count(*)::int` })
          .from(registrations)
          .where(eq(registrations.poiId, poiId)),
      ]);
      return { rows, stamp: `${stamp!.newest}-${stamp!.count}` };
    },

    /**
     * One offline scan recorded as at its own time: `repeat` when this very scan was sent before,
     * `conflict` when another use of the pass in this direction falls in the same window (both
     * are logged; the later-sent one is marked). The registration row is locked so two uploads of
     * the same pass are decided one after the other.
     */
    async record(args: { codeHash: string; registrationId: string; poiId: string; direction: number; logDirection: number; step: number; window: number; expiresAt: Date; by: string; at: Date }) {
      return db.transaction(async (tx) => {
        const [registration] = await tx.select().from(registrations).where(eq(registrations.id, args.registrationId)).for('update');
        if (!registration) return 'gone' as const;
        const [same] = await tx.select().from(passCodes).where(eq(passCodes.codeHash, args.codeHash));
        if (same && same.usedBy === args.by && same.usedAt?.getTime() === args.at.getTime()) return 'repeat' as const;
        const [near] = same
          ? [same]
          : await tx
              .select({ step: passCodes.step })
              .from(passCodes)
              .where(and(eq(passCodes.registrationId, args.registrationId), eq(passCodes.direction, args.direction), sql`${passCodes.step} between ${args.step - args.window} and ${args.step + args.window}`))
              .limit(1);
        const conflict = Boolean(near);
        // The step's one row (unique per pass, direction and step) exists already when it was used.
        if (!same && near?.step !== args.step) {
          await tx.insert(passCodes).values({ codeHash: args.codeHash, registrationId: args.registrationId, poiId: args.poiId, direction: args.direction, step: args.step, expiresAt: args.expiresAt, usedAt: args.at, usedBy: args.by, isUse: 1, createdAt: args.at });
        }
        await tx.insert(entryLogs).values({
          poiId: args.poiId,
          registrationId: registration.id,
          name: registration.name,
          mobileEnc: registration.mobileEnc,
          mobileMasked: registration.mobileMasked,
          owner: registration.owner,
          direction: args.logDirection,
          scannedBy: args.by,
          offline: true,
          conflict,
          createdAt: args.at,
        });
        return conflict ? ('conflict' as const) : ('logged' as const);
      });
    },
  };
}
export type OfflineRepo = ReturnType<typeof createOfflineRepo>;
