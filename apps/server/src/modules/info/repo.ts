import { awardPoints } from '../levels/points';
import { and, asc, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { inTurn } from '../../db/in-turn';
import { infoEntries, infoSubmissions, infoTypes, users } from '../../db/schema';

/** Community entries (poiId) or street entries (streetId): one list each, never both. */
export type InfoScope = { poiId: string; streetId?: undefined } | { streetId: string; poiId?: undefined };

export type EntryFields = {
  typeId: number;
  department: string;
  contact: string;
  lng: number | null;
  lat: number | null;
  address: string;
  mapAddress: string;
};

const entryColumns = {
  id: infoEntries.id,
  poiId: infoEntries.poiId,
  streetId: infoEntries.streetId,
  typeId: infoEntries.typeId,
  typeName: infoTypes.typeName,
  department: infoEntries.department,
  contact: infoEntries.contact,
  lng: infoEntries.lng,
  lat: infoEntries.lat,
  address: infoEntries.address,
  mapAddress: infoEntries.mapAddress,
};

const scopeOfEntries = (s: InfoScope) => (s.poiId ? eq(infoEntries.poiId, s.poiId) : eq(infoEntries.streetId, s.streetId!));
/** Community-level submissions are those without a street; street-level ones carry the street. */
const scopeOfSubmissions = (s: InfoScope) =>
  s.poiId ? and(eq(infoSubmissions.poiId, s.poiId), isNull(infoSubmissions.streetId)) : eq(infoSubmissions.streetId, s.streetId!);

const current = alias(infoEntries, 'current_entry');
const currentType = alias(infoTypes, 'current_type');

export function createInfoRepo(db: Db) {
  function submissionQuery(where: SQL | undefined) {
    return db
      .select({
        submission: infoSubmissions,
        typeName: infoTypes.typeName,
        submitter: users.username,
        current: {
          id: current.id,
          poiId: current.poiId,
          streetId: current.streetId,
          typeId: current.typeId,
          typeName: currentType.typeName,
          department: current.department,
          contact: current.contact,
          lng: current.lng,
          lat: current.lat,
          address: current.address,
          mapAddress: current.mapAddress,
        },
      })
      .from(infoSubmissions)
      .leftJoin(infoTypes, eq(infoTypes.id, infoSubmissions.typeId))
      .innerJoin(users, eq(users.id, infoSubmissions.submittedBy))
      .leftJoin(current, eq(current.id, infoSubmissions.entryId))
      .leftJoin(currentType, eq(currentType.id, current.typeId))
      .where(where);
  }

  return {
    types: () => db.select().from(infoTypes).orderBy(asc(infoTypes.sort), asc(infoTypes.id)),

    async typeExists(id: number) {
      const [row] = await db.select({ id: infoTypes.id }).from(infoTypes).where(eq(infoTypes.id, id)).limit(1);
      return Boolean(row);
    },

    /** A stable order (type, then age) so pages never skip or repeat an entry. */
    entries(scope: InfoScope, limit: number, offset: number) {
      return db
        .select(entryColumns)
        .from(infoEntries)
        .innerJoin(infoTypes, eq(infoTypes.id, infoEntries.typeId))
        .where(scopeOfEntries(scope))
        .orderBy(asc(infoTypes.sort), asc(infoEntries.createdAt), asc(infoEntries.id))
        .limit(limit)
        .offset(offset);
    },

    async entry(id: string) {
      const [row] = await db.select(entryColumns).from(infoEntries).innerJoin(infoTypes, eq(infoTypes.id, infoEntries.typeId)).where(eq(infoEntries.id, id)).limit(1);
      return row ?? null;
    },

    async sameEntryExists(scope: InfoScope, f: Pick<EntryFields, 'typeId' | 'department' | 'contact'>) {
      const [row] = await db
        .select({ id: infoEntries.id })
        .from(infoEntries)
        .where(and(scopeOfEntries(scope), eq(infoEntries.typeId, f.typeId), eq(infoEntries.department, f.department), eq(infoEntries.contact, f.contact)))
        .limit(1);
      return Boolean(row);
    },

    /**
     * Queues the submission unless the same person has an identical one pending (a double tap
     * queues one); null when they have. A person's submissions take turns, so two sent at once
     * see each other.
     */
    async insertSubmissionUnlessPending(values: typeof infoSubmissions.$inferInsert & EntryFields) {
      return inTurn(db, [['info-submissions', values.submittedBy]], async (tx) => {
        const [pending] = await tx
          .select({ id: infoSubmissions.id })
          .from(infoSubmissions)
          .where(
            and(
              eq(infoSubmissions.submittedBy, values.submittedBy),
              eq(infoSubmissions.status, 0),
              values.entryId ? eq(infoSubmissions.entryId, values.entryId) : isNull(infoSubmissions.entryId),
              eq(infoSubmissions.typeId, values.typeId),
              eq(infoSubmissions.department, values.department),
              eq(infoSubmissions.contact, values.contact),
              eq(infoSubmissions.address, values.address),
            ),
          )
          .limit(1);
        if (pending) return null;
        const [row] = await tx.insert(infoSubmissions).values(values).returning({ id: infoSubmissions.id, status: infoSubmissions.status });
        return row!;
      });
    },

    submissions: (scope: InfoScope, status: number) =>
      submissionQuery(and(scopeOfSubmissions(scope), eq(infoSubmissions.status, status))).orderBy(asc(infoSubmissions.createdAt)).limit(200),

    mine: (userId: string, poiId: string) =>
      submissionQuery(and(eq(infoSubmissions.submittedBy, userId), eq(infoSubmissions.poiId, poiId))).orderBy(desc(infoSubmissions.createdAt)).limit(50),

    async submission(id: string) {
      const [row] = await db.select().from(infoSubmissions).where(eq(infoSubmissions.id, id)).limit(1);
      return row ?? null;
    },

    async countPending(scope: InfoScope) {
      const [row] = await db.select({ n: count() }).from(infoSubmissions).where(and(scopeOfSubmissions(scope), eq(infoSubmissions.status, 0)));
      return row?.n ?? 0;
    },

    /**
     * Settles a pending submission once: the status changes only from 0, so two reviewers cannot
     * both apply it. Accepting writes the entry in the same transaction, and awards its submitter
     * correctionAccepted points there (once per submission; `award` says whom and any level reached).
     * Null when already settled.
     */
    async settle(id: string, status: 1 | -1, reviewerId: string, at: Date) {
      return db.transaction(async (tx) => {
        const [sub] = await tx
          .update(infoSubmissions)
          .set({ status, reviewedBy: reviewerId, reviewedAt: at })
          .where(and(eq(infoSubmissions.id, id), eq(infoSubmissions.status, 0)))
          .returning();
        if (!sub) return null;
        if (status === -1) return { infoId: sub.entryId, award: null };
        const award = { userId: sub.submittedBy, poiId: sub.poiId, level: await awardPoints(tx, { userId: sub.submittedBy, reason: 'correctionAccepted', ref: sub.id, poiId: sub.poiId }) };
        const fields = {
          typeId: sub.typeId!,
          department: sub.department,
          contact: sub.contact,
          lng: sub.lng,
          lat: sub.lat,
          address: sub.address,
          mapAddress: sub.mapAddress,
        };
        if (sub.entryId) {
          await tx.update(infoEntries).set({ ...fields, updatedAt: at }).where(eq(infoEntries.id, sub.entryId));
          return { infoId: sub.entryId, award };
        }
        const scope = sub.streetId ? { streetId: sub.streetId } : { poiId: sub.poiId };
        const [entry] = await tx.insert(infoEntries).values({ ...fields, ...scope }).returning({ id: infoEntries.id });
        return { infoId: entry!.id, award };
      });
    },
  };
}
export type InfoRepo = ReturnType<typeof createInfoRepo>;
export type SubmissionRow = Awaited<ReturnType<InfoRepo['mine']>>[number];
export type EntryRow = NonNullable<Awaited<ReturnType<InfoRepo['entry']>>>;
