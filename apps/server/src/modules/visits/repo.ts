import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inTurn } from '../../db/in-turn';
import { communities, entryLogs, invitations, passCodes, registrations, visitSettings } from '../../db/schema';

export type InvitationRow = typeof invitations.$inferSelect;
export type NewInvitation = typeof invitations.$inferInsert;
/** A community's invitations of the day so far: the inviter's, all of them, and those to numbers abroad. */
export interface InvitationsToday {
  mine: number;
  community: number;
  abroad: number;
}

/** Thrown inside the gate's transaction: the invitation does not let them through now (the reason is the message). */
class VisitRefused extends Error {}
class AlreadyUsed extends Error {}

/** Invitations, the community's setting, and the gate's use of a visitor's pass. */
export function createVisitRepo(db: Db) {
  return {
    /**
     * Writes the invitation unless `refusal` (given the day's counts before it) names a limit it
     * would pass, and answers it with those counts. A community's invitations take turns, so
     * parallel requests count each other's invitations and the limits hold exactly.
     */
    async createWithinLimits(row: NewInvitation, since: Date, refusal: (today: InvitationsToday) => Error | null) {
      return inTurn(db, [['invitations', row.poiId]], async (tx) => {
        const [today] = await tx
          .select({
            mine: sql<number>`count(*) filter (where ${invitations.inviterId} = ${row.inviterId})::int`,
            community: sql<number>`count(*)::int`,
            // Masked mobiles abroad keep their country code (maskMobile): +852****4567.
            abroad: sql<number>`count(*) filter (where ${invitations.mobileMasked} like '+%')::int`,
          })
          .from(invitations)
          .where(and(eq(invitations.poiId, row.poiId), gte(invitations.createdAt, since)));
        const refused = refusal(today!);
        if (refused) throw refused;
        const [created] = await tx.insert(invitations).values(row).returning();
        return { created: created!, today: today! };
      });
    },

    /** Invitations the person sent in this community since `since` (the daily limit). */
    async countSince(inviterId: string, poiId: string, since: Date) {
      const [row] = await db
        .select({ n: count() })
        .from(invitations)
        .where(and(eq(invitations.inviterId, inviterId), eq(invitations.poiId, poiId), gte(invitations.createdAt, since)));
      return row!.n;
    },

    async mine(inviterId: string, poiId: string) {
      return db.select().from(invitations).where(and(eq(invitations.inviterId, inviterId), eq(invitations.poiId, poiId))).orderBy(desc(invitations.createdAt)).limit(100);
    },

    async find(id: string) {
      const [row] = await db.select().from(invitations).where(eq(invitations.id, id));
      return row ?? null;
    },

    /** The invitation with its community's name and setting, and the inviter's name (the visitor's page). */
    async findWithCommunity(id: string) {
      // One statement: the visitor's page asks every few seconds.
      const [row] = await db
        .select({
          invitation: invitations,
          community: communities.name,
          withoutDocument: sql<boolean>`coalesce(${visitSettings.withoutDocument}, false)`,
          inviter: registrations.name,
          inviterAddress: registrations.address,
        })
        .from(invitations)
        .innerJoin(communities, eq(communities.poiId, invitations.poiId))
        .innerJoin(registrations, eq(registrations.id, invitations.registrationId))
        .leftJoin(visitSettings, eq(visitSettings.poiId, invitations.poiId))
        .where(eq(invitations.id, id));
      return row ?? null;
    },

    async cancel(id: string, by: string, at: Date) {
      const [row] = await db
        .update(invitations)
        .set({ cancelledAt: at, cancelledBy: by })
        .where(and(eq(invitations.id, id), sql`${invitations.cancelledAt} is null`))
        .returning();
      return row ?? null;
    },

    /**
     * Stores the visitor's document only where none is stored yet and the invitation is not
     * cancelled; false when another request's document (or a cancel) got there first.
     */
    async saveDocument(id: string, doc: { cardType: string; cardEnc: string; cardMasked: string; nationality: string; consentAt: Date; consentVersion: string }) {
      const rows = await db
        .update(invitations)
        .set(doc)
        .where(and(eq(invitations.id, id), isNull(invitations.cardEnc), isNull(invitations.cancelledAt)))
        .returning({ id: invitations.id });
      return rows.length === 1;
    },

    /** The community's invitations, newest first, with the inviter's name and address. */
    async page(poiId: string, limit: number, offset: number) {
      return db
        .select({ invitation: invitations, inviterName: registrations.name, inviterAddress: registrations.address })
        .from(invitations)
        .innerJoin(registrations, eq(registrations.id, invitations.registrationId))
        .where(eq(invitations.poiId, poiId))
        .orderBy(desc(invitations.createdAt), desc(invitations.id))
        .limit(limit)
        .offset(offset);
    },

    /** Every entry and exit of these invitations, oldest first. */
    async scans(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({ invitationId: entryLogs.invitationId, pass: entryLogs.direction, at: entryLogs.createdAt })
        .from(entryLogs)
        .where(inArray(entryLogs.invitationId, ids))
        .orderBy(asc(entryLogs.createdAt));
    },

    async withoutDocument(poiId: string) {
      const [row] = await db.select({ v: visitSettings.withoutDocument }).from(visitSettings).where(eq(visitSettings.poiId, poiId));
      return row?.v ?? false;
    },

    async saveSetting(poiId: string, withoutDocument: boolean, by: string, at: Date) {
      await db
        .insert(visitSettings)
        .values({ poiId, withoutDocument, updatedBy: by, updatedAt: at })
        .onConflictDoUpdate({ target: visitSettings.poiId, set: { withoutDocument, updatedBy: by, updatedAt: at } });
    },

    /** The visitor pass a code names, for the gate. */
    async findPass(id: string) {
      const [row] = await db
        .select({ id: invitations.id, poiId: invitations.poiId, name: invitations.name, inviterId: invitations.inviterId, startsAt: invitations.startsAt, endsAt: invitations.endsAt, cancelledAt: invitations.cancelledAt })
        .from(invitations)
        .where(eq(invitations.id, id));
      return row ?? null;
    },

    async lastUse(invitationId: string, direction: number) {
      const [row] = await db
        .select({ step: passCodes.step, usedAt: passCodes.usedAt, usedBy: passCodes.usedBy, codeHash: passCodes.codeHash })
        .from(passCodes)
        .where(and(eq(passCodes.invitationId, invitationId), eq(passCodes.direction, direction), isNotNull(passCodes.step)))
        .orderBy(desc(passCodes.step))
        .limit(1);
      return row ?? null;
    },

    /**
     * A visitor's scan, like a resident's (gate-repo useCode): the invitation locked and checked
     * again, the code's use, an entry counted, and the log line, in one transaction.
     */
    async useCode(args: {
      invitationId: string;
      poiId: string;
      direction: number;
      logDirection: number;
      step: number;
      codeHash: string;
      expiresAt: Date;
      by: string;
      at: Date;
      spentThrough: (usedStep: number) => number;
      /** Null when the invitation lets them through in `logDirection` now; else why not. */
      refusal: (invitation: InvitationRow, withoutDocument: boolean) => string | null;
    }): Promise<{ ok: true; invitation: InvitationRow } | { ok: false; reason: 'used' } | { ok: false; reason: 'refused'; message: string }> {
      try {
        return await db.transaction(async (tx) => {
          const [invitation] = await tx.select().from(invitations).where(eq(invitations.id, args.invitationId)).for('update');
          const [setting] = await tx.select({ v: visitSettings.withoutDocument }).from(visitSettings).where(eq(visitSettings.poiId, args.poiId));
          const why = invitation ? args.refusal(invitation, setting?.v ?? false) : 'gone';
          if (why) throw new VisitRefused(why);
          const [last] = await tx
            .select({ step: passCodes.step })
            .from(passCodes)
            .where(and(eq(passCodes.invitationId, args.invitationId), eq(passCodes.direction, args.direction), isNotNull(passCodes.step)))
            .orderBy(desc(passCodes.step))
            .limit(1);
          if (last?.step != null && args.step <= args.spentThrough(last.step)) throw new AlreadyUsed();
          await tx.insert(passCodes).values({
            codeHash: args.codeHash,
            invitationId: args.invitationId,
            poiId: args.poiId,
            direction: args.direction,
            step: args.step,
            expiresAt: args.expiresAt,
            usedAt: args.at,
            usedBy: args.by,
            isUse: 1,
            createdAt: args.at,
          });
          const entered = args.logDirection === 1;
          const [updated] = entered
            ? await tx.update(invitations).set({ entriesUsed: sql`${invitations.entriesUsed} + 1` }).where(eq(invitations.id, args.invitationId)).returning()
            : [invitation!];
          await tx.insert(entryLogs).values({
            poiId: args.poiId,
            invitationId: args.invitationId,
            name: invitation!.name,
            mobileEnc: invitation!.mobileEnc,
            mobileMasked: invitation!.mobileMasked,
            owner: '访客',
            direction: args.logDirection,
            scannedBy: args.by,
            createdAt: args.at,
          });
          return { ok: true as const, invitation: updated! };
        });
      } catch (e) {
        if (e instanceof VisitRefused) return { ok: false, reason: 'refused', message: e.message };
        if (e instanceof AlreadyUsed) return { ok: false, reason: 'used' };
        throw e;
      }
    },
  };
}
export type VisitRepo = ReturnType<typeof createVisitRepo>;
