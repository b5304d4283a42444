import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { entryLogs, invitations, offlineKits, passCodes, registrations, visitSettings } from '../../db/schema';
import type { InvitationRow } from '../visits/repo';
import { advanceGateState, lockGateState } from './gate-state';

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

    /** A kit handed to a staff member's scanner, valid until `validUntil`; answers its id. */
    async issueKit(poiId: string, userId: string, issuedAt: Date, validUntil: Date) {
      const [row] = await db.insert(offlineKits).values({ poiId, userId, issuedAt, validUntil }).returning({ id: offlineKits.id });
      return row!.id;
    },

    /** The kits of `ids` (the scans of one upload name a few). */
    async kits(ids: string[]) {
      if (!ids.length) return [];
      return db.select().from(offlineKits).where(inArray(offlineKits.id, ids));
    },

    /**
     * Invited visitors whose window is open or opens within `aheadMs`, and those cancelled in the
     * last 30 days, with the community's document setting; a stamp that changes with any new or
     * cancelled invitation, or a document given.
     */
    async kitVisits(poiId: string, now: Date, aheadMs: number, graceMs: number) {
      const since = new Date(now.getTime() - ENDED_DAYS * 86_400_000);
      const [rows, [setting], [stamp]] = await Promise.all([
        db
          .select()
          .from(invitations)
          .where(
            and(
              eq(invitations.poiId, poiId),
              sql`${invitations.startsAt} <= ${new Date(now.getTime() + aheadMs).toISOString()}::timestamptz`,
              sql`(${invitations.cancelledAt} >= ${since.toISOString()}::timestamptz or (${invitations.cancelledAt} is null and ${invitations.endsAt} >= ${new Date(now.getTime() - graceMs).toISOString()}::timestamptz))`,
            ),
          ),
        db.select({ v: visitSettings.withoutDocument, at: visitSettings.updatedAt }).from(visitSettings).where(eq(visitSettings.poiId, poiId)),
        db
          .select({
            newest: sql<string>`coalesce(extract(epoch from greatest(max(${invitations.createdAt}), max(${invitations.cancelledAt}), max(${invitations.consentAt}))) * 1000, 0)::bigint::text`,
            count: sql<number>`count(*)::int`,
          })
          .from(invitations)
          .where(eq(invitations.poiId, poiId)),
      ]);
      return { rows, withoutDocument: setting?.v ?? false, stamp: `${stamp!.newest}-${stamp!.count}-${setting ? setting.at.getTime() : 0}` };
    },

    /**
     * One offline scan recorded as at its own time: `repeat` when this very scan was sent before,
     * `conflict` when another use of the pass in this direction falls in the same window (both
     * are logged; the later-sent one is marked). The registration row is locked so two uploads of
     * the same pass are decided one after the other.
     */
    async record(args: {
      /** The registration's pass, or an invited visitor's (`invitation`: `late` says whether the invitation did not allow it then). */
      pass: { registrationId: string } | { invitationId: string; late: (invitation: InvitationRow, withoutDocument: boolean) => boolean };
      codeHash: string;
      poiId: string;
      direction: number;
      logDirection: number;
      step: number;
      window: number;
      expiresAt: Date;
      by: string;
      at: Date;
    }) {
      return db.transaction(async (tx) => {
        const visitor = 'invitationId' in args.pass ? args.pass : null;
        // A resident's pass: its gate state is locked first, as an online scan's statement locks it
        // (gate-repo useAtOnce), so an upload and a scan of the same pass are decided one after the other.
        if (!visitor) await lockGateState(tx, (args.pass as { registrationId: string }).registrationId);
        const [person] = visitor
          ? await tx.select().from(invitations).where(eq(invitations.id, visitor.invitationId)).for('update')
          : await tx.select().from(registrations).where(eq(registrations.id, (args.pass as { registrationId: string }).registrationId)).for('update');
        if (!person) return 'gone' as const;
        const ownPass = visitor ? eq(passCodes.invitationId, person.id) : eq(passCodes.registrationId, person.id);
        // An invited visitor let in when the invitation did not allow it (cancelled meanwhile, no entry left): logged, marked.
        const [setting] = visitor ? await tx.select({ v: visitSettings.withoutDocument }).from(visitSettings).where(eq(visitSettings.poiId, args.poiId)) : [];
        const late = visitor ? visitor.late(person as InvitationRow, setting?.v ?? false) : false;
        const [same] = await tx.select().from(passCodes).where(eq(passCodes.codeHash, args.codeHash));
        // This very scan sent again – by the scanner that made it or by anyone holding its queue.
        if (same && same.usedAt?.getTime() === args.at.getTime()) return 'repeat' as const;
        const [near] = same
          ? [same]
          : await tx
              .select({ step: passCodes.step })
              .from(passCodes)
              .where(and(ownPass, eq(passCodes.direction, args.direction), sql`${passCodes.step} between ${args.step - args.window} and ${args.step + args.window}`))
              .limit(1);
        const conflict = Boolean(near) || late;
        // The step's one row (unique per pass, direction and step) exists already when it was used.
        if (!same && near?.step !== args.step) {
          await tx.insert(passCodes).values({ codeHash: args.codeHash, ...(visitor ? { invitationId: person.id } : { registrationId: person.id }), poiId: args.poiId, direction: args.direction, step: args.step, expiresAt: args.expiresAt, usedAt: args.at, usedBy: args.by, isUse: 1, createdAt: args.at });
        }
        if (!visitor) await advanceGateState(tx, person.id, args);
        if (visitor && args.logDirection === 1) await tx.update(invitations).set({ entriesUsed: sql`${invitations.entriesUsed} + 1` }).where(eq(invitations.id, person.id));
        await tx.insert(entryLogs).values({
          poiId: args.poiId,
          ...(visitor ? { invitationId: person.id } : { registrationId: person.id }),
          name: person.name,
          mobileEnc: person.mobileEnc,
          mobileMasked: person.mobileMasked,
          owner: 'owner' in person ? person.owner : '访客',
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
