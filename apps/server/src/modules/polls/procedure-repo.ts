import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { ownerKeyOf } from '@sq/contract/polls/owners-count';
import { unitLabel } from '@sq/contract/units/unit-rules';
import { rowsOf, type Db } from '../../db/client';
import {
  communityAdmins,
  ownerBallots,
  ownersCommittee,
  ownersSettings,
  pollCorrections,
  pollObjections,
  pollOfficers,
  pollProxies,
  polls,
  pollUnitOwners,
  pollUnits,
  refusedBallots,
  secretVoters,
  staff,
  users,
} from '../../db/schema';
import { readRegister } from '../units/repo';
import { keepProxies } from './proxy-keep';

/** The caller's mobile hash, read inside the statement that needs it. */
const mobileHashOf = (userId: string) => sql`(select ${users.mobileHash} from ${users} where ${users.id} = ${userId})`;

/** Why a correction was refused, or what it did. */
export type CorrectionOutcome =
  | { ok: false; why: 'notInRoll' | 'deleted' | 'voted' | 'same' | 'over' }
  | { ok: true; unitId: string; areaBefore: number; areaAfter: number; votersBefore: number; votersAfter: number };

/** 业主委员会, 计票人/监票人, roll corrections and objections (issue 37 item 3). */
export function createProcedureRepo(db: Db) {
  return {
    committee(poiId: string) {
      return db.select().from(ownersCommittee).where(eq(ownersCommittee.poiId, poiId)).orderBy(asc(ownersCommittee.createdAt));
    },
    async isCommitteeMember(poiId: string, userId: string) {
      const [row] = await db
        .select({ id: ownersCommittee.id })
        .from(ownersCommittee)
        .where(and(eq(ownersCommittee.poiId, poiId), eq(ownersCommittee.mobileHash, mobileHashOf(userId))))
        .limit(1);
      return Boolean(row);
    },
    /** Adds a member unless the committee is full; null: already a member. */
    async addMember(poiId: string, m: { nameEnc: string; mobileHash: string; mobileEnc: string }, max: number): Promise<string | 'full' | null> {
      return db.transaction(async (tx) => {
        // Serialised per community on its settings' key, so two additions cannot both pass the count.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`owners_committee:${poiId}`}))`);
        const [n] = await tx.select({ n: count() }).from(ownersCommittee).where(eq(ownersCommittee.poiId, poiId));
        if ((n?.n ?? 0) >= max) return 'full';
        const [row] = await tx.insert(ownersCommittee).values({ poiId, ...m }).onConflictDoNothing().returning({ id: ownersCommittee.id });
        return row?.id ?? null;
      });
    },
    async removeMember(poiId: string, id: string) {
      const rows = await db.delete(ownersCommittee).where(and(eq(ownersCommittee.poiId, poiId), eq(ownersCommittee.id, id))).returning({ id: ownersCommittee.id });
      return rows.length > 0;
    },

    async setNoticeDays(poiId: string, noticeDays: number) {
      await db.insert(ownersSettings).values({ poiId, noticeDays }).onConflictDoUpdate({ target: ownersSettings.poiId, set: { noticeDays } });
    },

    async markByCommittee(pollId: string) {
      await db.update(polls).set({ byCommittee: true }).where(eq(polls.id, pollId));
    },

    officers(pollId: string) {
      return db.select().from(pollOfficers).where(eq(pollOfficers.pollId, pollId)).orderBy(asc(pollOfficers.role), asc(pollOfficers.createdAt));
    },
    async isOfficer(pollId: string, userId: string) {
      const [row] = await db
        .select({ id: pollOfficers.id })
        .from(pollOfficers)
        .where(and(eq(pollOfficers.pollId, pollId), eq(pollOfficers.mobileHash, mobileHashOf(userId))))
        .limit(1);
      return Boolean(row);
    },
    /** An owner of the vote's roll, or staff or an administrator of its community (by mobile). */
    async eligibleOfficer(pollId: string, poiId: string, mobileHash: string) {
      const account = sql`(select ${users.id} from ${users} where ${users.mobileHash} = ${mobileHash})`;
      const [row] = rowsOf<{ ok: boolean }>(
        await db.execute(sql`select (
        exists (select 1 from ${pollUnitOwners} where ${pollUnitOwners.pollId} = ${pollId} and ${pollUnitOwners.mobileHash} = ${mobileHash})
        or exists (select 1 from ${staff} where ${staff.poiId} = ${poiId} and ${staff.userId} = ${account})
        or exists (select 1 from ${communityAdmins} where ${communityAdmins.poiId} = ${poiId} and ${communityAdmins.userId} = ${account})
      ) as ok`),
      );
      return Boolean(row?.ok);
    },
    async addOfficer(pollId: string, o: { role: 1 | 2; nameEnc: string; mobileHash: string; mobileEnc: string }, max: number): Promise<string | 'full' | null> {
      return db.transaction(async (tx) => {
        await tx.select({ id: polls.id }).from(polls).where(eq(polls.id, pollId)).for('update');
        const [n] = await tx.select({ n: count() }).from(pollOfficers).where(and(eq(pollOfficers.pollId, pollId), eq(pollOfficers.role, o.role)));
        if ((n?.n ?? 0) >= max) return 'full';
        const [row] = await tx.insert(pollOfficers).values({ pollId, ...o }).onConflictDoNothing().returning({ id: pollOfficers.id });
        return row?.id ?? null;
      });
    },
    async removeOfficer(pollId: string, id: string) {
      const rows = await db.delete(pollOfficers).where(and(eq(pollOfficers.pollId, pollId), eq(pollOfficers.id, id))).returning({ id: pollOfficers.id });
      return rows.length > 0;
    },

    /** The roll's homes by label, for staff who correct one. */
    async rollLabels(pollId: string) {
      const rows = await db.select({ label: pollUnits.label }).from(pollUnits).where(eq(pollUnits.pollId, pollId)).orderBy(sql`length(${pollUnits.label})`, asc(pollUnits.label));
      return rows.map((r) => r.label);
    },

    /**
     * Brings one home of the roll in line with the register as it now stands (voters, owner
     * grouping, area and its source), under a lock on the vote's row, unless the home has voted:
     * its ballot was counted with the roll as it was.
     */
    async correct(pollId: string, poiId: string, label: string, reason: string, actorId: string, at: Date): Promise<CorrectionOutcome> {
      return db.transaction(async (tx) => {
        const [poll] = await tx.select({ cancelledAt: polls.cancelledAt, endTime: polls.endTime }).from(polls).where(eq(polls.id, pollId)).for('update');
        if (!poll || poll.cancelledAt || poll.endTime.getTime() <= at.getTime()) return { ok: false, why: 'over' };
        const [home] = await tx.select().from(pollUnits).where(and(eq(pollUnits.pollId, pollId), eq(pollUnits.label, label))).limit(1);
        if (!home) return { ok: false, why: 'notInRoll' };
        const [open] = await tx.select({ n: count() }).from(ownerBallots).where(and(eq(ownerBallots.pollId, pollId), eq(ownerBallots.unitId, home.unitId)));
        const [secret] = await tx.select({ n: count() }).from(secretVoters).where(and(eq(secretVoters.pollId, pollId), eq(secretVoters.voter, home.unitId)));
        if ((open?.n ?? 0) + (secret?.n ?? 0) > 0) return { ok: false, why: 'voted' };
        const { homes, mobiles } = await readRegister(tx, poiId);
        const now = homes.find((h) => h.id === home.unitId);
        if (!now) return { ok: false, why: 'deleted' };
        // The home's voters as owners (its proxy, if any, is not one: keepProxies decides about it).
        const [proxy] = await tx.select({ m: pollProxies.mobileHash }).from(pollProxies).where(and(eq(pollProxies.pollId, pollId), eq(pollProxies.unitId, home.unitId)));
        const after0 = mobiles.filter((m) => m.unitId === home.unitId).map((m) => m.mobileHash);
        const before = (await tx.select({ m: pollUnitOwners.mobileHash }).from(pollUnitOwners).where(and(eq(pollUnitOwners.pollId, pollId), eq(pollUnitOwners.unitId, home.unitId)))).filter(
          (b) => b.m !== proxy?.m || after0.includes(b.m),
        );
        const after = mobiles.filter((m) => m.unitId === home.unitId).map((m) => m.mobileHash);
        const ownerKey = ownerKeyOf(now.home);
        const sameVoters = before.length === after.length && before.every((b) => after.includes(b.m));
        if (sameVoters && now.areaCenti === home.areaCenti && now.areaSource === home.areaSource && ownerKey === home.ownerKey) return { ok: false, why: 'same' };
        await tx
          .update(pollUnits)
          .set({ areaCenti: now.areaCenti, areaSource: now.areaSource, ownerKey, label: unitLabel({ building: now.building, unit: now.unitNo, room: now.room }) })
          .where(and(eq(pollUnits.pollId, pollId), eq(pollUnits.unitId, home.unitId)));
        await tx.delete(pollUnitOwners).where(and(eq(pollUnitOwners.pollId, pollId), eq(pollUnitOwners.unitId, home.unitId)));
        if (after.length) await tx.insert(pollUnitOwners).values(after.map((mobileHash) => ({ pollId, unitId: home.unitId, mobileHash })));
        await keepProxies(tx, pollId, new Map([[home.unitId, before.map((b) => b.m)]]));
        const row = { unitId: home.unitId, areaBefore: home.areaCenti, areaAfter: now.areaCenti, votersBefore: before.length, votersAfter: after.length };
        await tx.insert(pollCorrections).values({ pollId, label: home.label, reason, actorId, ...row });
        return { ok: true, ...row };
      });
    },
    /** Refused and voided ballots (no choice, no person) for the result's workbook. */
    notCounted(pollId: string) {
      return db
        .select({ label: refusedBallots.label, channel: refusedBallots.channel, at: refusedBallots.createdAt, voidReason: refusedBallots.voidReason })
        .from(refusedBallots)
        .where(eq(refusedBallots.pollId, pollId))
        .orderBy(asc(refusedBallots.createdAt), asc(refusedBallots.id));
    },
    corrections(pollId: string) {
      return db.select().from(pollCorrections).where(eq(pollCorrections.pollId, pollId)).orderBy(asc(pollCorrections.createdAt));
    },

    /**
     * Adds an owner's objection unless they have sent `max` to this vote; null then. Serialised per
     * (vote, owner) so that objections sent together cannot all pass the count.
     */
    async addObjection(o: { pollId: string; userId: string; homes: string; text: string }, max: number) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`poll_objections:${o.pollId}:${o.userId}`}))`);
        const [n] = await tx.select({ n: count() }).from(pollObjections).where(and(eq(pollObjections.pollId, o.pollId), eq(pollObjections.userId, o.userId)));
        if ((n?.n ?? 0) >= max) return null;
        const [row] = await tx.insert(pollObjections).values(o).returning({ id: pollObjections.id });
        return row!.id;
      });
    },
    /** Every objection of the vote (staff), or one owner's. */
    objections(pollId: string, userId: string | null) {
      return db
        .select()
        .from(pollObjections)
        .where(and(eq(pollObjections.pollId, pollId), userId ? eq(pollObjections.userId, userId) : undefined))
        .orderBy(asc(pollObjections.createdAt));
    },
    /** Answers an unanswered objection once; its sender, or null (none such, or answered already). */
    async answer(pollId: string, id: string, answer: string, by: string, at: Date) {
      const [row] = await db
        .update(pollObjections)
        .set({ answer, answeredBy: by, answeredAt: at })
        .where(and(eq(pollObjections.pollId, pollId), eq(pollObjections.id, id), isNull(pollObjections.answer)))
        .returning({ userId: pollObjections.userId });
      return row?.userId ?? null;
    },
    async objectionExists(pollId: string, id: string) {
      const [row] = await db.select({ id: pollObjections.id }).from(pollObjections).where(and(eq(pollObjections.pollId, pollId), eq(pollObjections.id, id))).limit(1);
      return Boolean(row);
    },
  };
}
export type ProcedureRepo = ReturnType<typeof createProcedureRepo>;
