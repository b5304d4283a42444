import { and, asc, desc, eq, exists, inArray, not, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { imageRefs, ownerBallots, paperBallots, pollProxies, polls, pollUnitOwners, pollUnits, refusedBallots, secretVoters, unitOwners, users, withdrawnProxies } from '../../db/schema';
import type { BallotChannel } from '@sq/contract/polls/paper-proxy';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The image use of a paper ballot's or a written authorisation's photo (images/uses.ts). */
export const ballotPhotoRef = (pollId: string, unitId: string, what: 'paper' | 'proxy') => `ballot:${what}:${pollId}:${unitId}`;
/** A withdrawn written authorisation's photo keeps its own use, so a new one for the home does not release it. */
const withdrawnPhotoRef = (id: number) => `ballot:proxy-withdrawn:${id}`;

/** Paper ballots, proxies and refused ballots of owners' votes (docs/decisions/owners-votes.md, "Paper ballots and proxies"). */
export function createPaperProxyRepo(db: Db) {
  const mobileHashOf = (userId: string) => sql`(select ${users.mobileHash} from ${users} where ${users.id} = ${userId})`;
  return {
    /** A home of the vote's roll, or null. */
    async rollHome(pollId: string, unitId: string) {
      const [row] = await db.select({ label: pollUnits.label }).from(pollUnits).where(and(eq(pollUnits.pollId, pollId), eq(pollUnits.unitId, unitId))).limit(1);
      return row ?? null;
    },

    /** An open vote's paper ballot with its record, in one transaction; false when the home has voted. */
    async castPaperOpen(pollId: string, unitId: string, optionId: string, staffId: string, also: (tx: Tx) => Promise<void>) {
      return db.transaction(async (tx) => {
        const rows = await tx.insert(ownerBallots).values({ pollId, unitId, optionId, castBy: staffId }).onConflictDoNothing().returning({ unitId: ownerBallots.unitId });
        if (!rows.length) return false;
        await also(tx);
        return true;
      });
    },

    async recordPaper(tx: Tx, row: { pollId: string; unitId: string; enteredBy: string; photoHash: string }) {
      await tx.insert(paperBallots).values(row);
    },

    /**
     * The home's owners as registered (never its proxy), with their encrypted mobiles and accounts:
     * whom to tell of a paper ballot.
     */
    async ownersToTell(pollId: string, unitId: string) {
      return db
        .selectDistinct({ mobileHash: unitOwners.mobileHash, mobileEnc: unitOwners.mobileEnc, userId: users.id })
        .from(pollUnitOwners)
        .innerJoin(unitOwners, and(eq(unitOwners.unitId, pollUnitOwners.unitId), eq(unitOwners.mobileHash, pollUnitOwners.mobileHash)))
        .leftJoin(users, eq(users.mobileHash, pollUnitOwners.mobileHash))
        .where(and(eq(pollUnitOwners.pollId, pollId), eq(pollUnitOwners.unitId, unitId)));
    },

    /**
     * The caller's own homes of the roll (as owner, not as someone's proxy) that have not voted and
     * have no proxy: what they may delegate.
     */
    async delegable(pollId: string, userId: string, secret: boolean) {
      const unit = sql`"poll_unit_owners"."unit_id"`;
      const voted = secret
        ? db.select({ one: sql`1` }).from(secretVoters).where(and(eq(secretVoters.pollId, pollId), sql`${secretVoters.voter} = ${unit}`))
        : db.select({ one: sql`1` }).from(ownerBallots).where(and(eq(ownerBallots.pollId, pollId), sql`${ownerBallots.unitId} = ${unit}`));
      const proxied = db.select({ one: sql`1` }).from(pollProxies).where(and(eq(pollProxies.pollId, pollId), sql`${pollProxies.unitId} = ${unit}`));
      return db
        .select({ unitId: pollUnits.unitId, label: pollUnits.label })
        .from(pollUnitOwners)
        .innerJoin(pollUnits, and(eq(pollUnits.pollId, pollUnitOwners.pollId), eq(pollUnits.unitId, pollUnitOwners.unitId)))
        .where(and(eq(pollUnitOwners.pollId, pollId), eq(pollUnitOwners.mobileHash, mobileHashOf(userId)), notExists(voted), notExists(proxied)))
        .orderBy(asc(pollUnits.label));
    },

    /**
     * Names the proxy for these homes: a row per home (the first proxy of a home stays) and the
     * proxy's mobile among who may vote for it. The homes that got this proxy.
     */
    async nameProxy(pollId: string, unitIds: string[], p: { mobileHash: string; mobileEnc: string; kind: 1 | 2; namedBy: string; photoHash?: string }, also?: (tx: Tx, unitId: string) => Promise<void>) {
      return db.transaction(async (tx) => {
        const rows = await tx
          .insert(pollProxies)
          .values(unitIds.map((unitId) => ({ pollId, unitId, ...p })))
          .onConflictDoNothing()
          .returning({ unitId: pollProxies.unitId });
        if (!rows.length) return [];
        await tx
          .insert(pollUnitOwners)
          .values(rows.map((r) => ({ pollId, unitId: r.unitId, mobileHash: p.mobileHash })))
          .onConflictDoNothing();
        for (const r of rows) await also?.(tx, r.unitId);
        return rows.map((r) => r.unitId);
      });
    },

    /** Whether the person votes for any of these homes as a proxy (their refused ballot's channel). */
    async isProxyFor(pollId: string, userId: string) {
      const [row] = await db.select({ one: sql`1` }).from(pollProxies).where(and(eq(pollProxies.pollId, pollId), eq(pollProxies.mobileHash, mobileHashOf(userId)))).limit(1);
      return Boolean(row);
    },

    /** A refused ballot: who, how, for which homes; never the choice. */
    async refused(pollId: string, labels: string[], channel: BallotChannel, actorId: string) {
      if (labels.length) await db.insert(refusedBallots).values(labels.map((label) => ({ pollId, label, channel, actorId })));
    },

    /** What the desk shows: the roll's homes, paper ballots, proxies and refused ballots. */
    async desk(pollId: string) {
      const [homes, paper, proxies, refused, withdrawn] = await Promise.all([
        db.select({ unitId: pollUnits.unitId, label: pollUnits.label }).from(pollUnits).where(eq(pollUnits.pollId, pollId)).orderBy(sql`length(${pollUnits.label})`, asc(pollUnits.label)),
        // By home, not by when: for a secret vote the order of paper ballots must not show.
        db
          .select({ label: pollUnits.label, enteredBy: users.mobileEnc, photoHash: paperBallots.photoHash })
          .from(paperBallots)
          .innerJoin(pollUnits, and(eq(pollUnits.pollId, paperBallots.pollId), eq(pollUnits.unitId, paperBallots.unitId)))
          .innerJoin(users, eq(users.id, paperBallots.enteredBy))
          .where(eq(paperBallots.pollId, pollId))
          .orderBy(sql`length(${pollUnits.label})`, asc(pollUnits.label)),
        db
          .select({ label: pollUnits.label, mobileEnc: pollProxies.mobileEnc, kind: pollProxies.kind, photoHash: pollProxies.photoHash })
          .from(pollProxies)
          .innerJoin(pollUnits, and(eq(pollUnits.pollId, pollProxies.pollId), eq(pollUnits.unitId, pollProxies.unitId)))
          .where(eq(pollProxies.pollId, pollId))
          .orderBy(sql`length(${pollUnits.label})`, asc(pollUnits.label)),
        db
          .select({ label: refusedBallots.label, channel: refusedBallots.channel, who: users.mobileEnc, at: refusedBallots.createdAt, voidReason: refusedBallots.voidReason, photoHash: refusedBallots.photoHash })
          .from(refusedBallots)
          .innerJoin(users, eq(users.id, refusedBallots.actorId))
          .where(eq(refusedBallots.pollId, pollId))
          .orderBy(desc(refusedBallots.createdAt), desc(refusedBallots.id))
          .limit(500),
        db
          .select({ label: withdrawnProxies.label, mobileEnc: withdrawnProxies.mobileEnc, photoHash: withdrawnProxies.photoHash, reason: withdrawnProxies.reason, by: users.mobileEnc, at: withdrawnProxies.createdAt })
          .from(withdrawnProxies)
          .innerJoin(users, eq(users.id, withdrawnProxies.withdrawnBy))
          .where(eq(withdrawnProxies.pollId, pollId))
          .orderBy(desc(withdrawnProxies.createdAt), desc(withdrawnProxies.id))
          .limit(500),
      ]);
      return { homes, paper, proxies, refused, withdrawn };
    },

    /**
     * Voids an open vote's paper ballot of a home while the vote takes ballots (under the vote's
     * row lock, so the deadline cannot pass between the check and the change): the ballot leaves
     * the count, the paper's record moves to the refused list with the reason and its photo, the
     * voider as its actor. 'ended' after the deadline or a cancellation, 'none' without one.
     */
    async voidPaper(pollId: string, unitId: string, label: string, reason: string, by: string, at: Date): Promise<'ok' | 'ended' | 'none'> {
      return db.transaction(async (tx) => {
        const [poll] = await tx.select({ endTime: polls.endTime, cancelledAt: polls.cancelledAt }).from(polls).where(eq(polls.id, pollId)).for('update');
        if (!poll || poll.cancelledAt || poll.endTime.getTime() <= at.getTime()) return 'ended';
        const [paper] = await tx.delete(paperBallots).where(and(eq(paperBallots.pollId, pollId), eq(paperBallots.unitId, unitId))).returning({ photoHash: paperBallots.photoHash });
        if (!paper) return 'none';
        await tx.delete(ownerBallots).where(and(eq(ownerBallots.pollId, pollId), eq(ownerBallots.unitId, unitId)));
        await tx.insert(refusedBallots).values({ pollId, label, channel: 3, actorId: by, voidReason: reason, photoHash: paper.photoHash });
        return 'ok';
      });
    },

    /**
     * Withdraws the proxies the person named in the app for homes that have not voted, under the
     * vote's row lock; the proxy keeps no right to vote for them unless registered as an owner.
     * The homes' labels.
     */
    async withdrawProxies(pollId: string, userId: string) {
      return db.transaction(async (tx) => {
        await tx.select({ id: polls.id }).from(polls).where(eq(polls.id, pollId)).for('update');
        const unit = sql`${pollProxies.unitId}`;
        const voted = or(
          exists(tx.select({ one: sql`1` }).from(ownerBallots).where(and(eq(ownerBallots.pollId, pollId), sql`${ownerBallots.unitId} = ${unit}`))),
          exists(tx.select({ one: sql`1` }).from(secretVoters).where(and(eq(secretVoters.pollId, pollId), sql`${secretVoters.voter} = ${unit}`))),
        );
        const gone = await tx
          .delete(pollProxies)
          .where(and(eq(pollProxies.pollId, pollId), eq(pollProxies.namedBy, userId), eq(pollProxies.kind, 1), not(voted!)))
          .returning({ unitId: pollProxies.unitId, mobileHash: pollProxies.mobileHash });
        for (const g of gone) {
          const registered = await tx.select({ one: sql`1` }).from(unitOwners).where(and(eq(unitOwners.unitId, g.unitId), eq(unitOwners.mobileHash, g.mobileHash))).limit(1);
          if (!registered.length) await tx.delete(pollUnitOwners).where(and(eq(pollUnitOwners.pollId, pollId), eq(pollUnitOwners.unitId, g.unitId), eq(pollUnitOwners.mobileHash, g.mobileHash)));
        }
        if (!gone.length) return [];
        const homes = await tx.select({ label: pollUnits.label }).from(pollUnits).where(and(eq(pollUnits.pollId, pollId), inArray(pollUnits.unitId, gone.map((g) => g.unitId)))).orderBy(asc(pollUnits.label));
        return homes.map((h) => h.label);
      });
    },

    /**
     * Withdraws the home's written authorisation (kind 2) under the vote's row lock (the deadline
     * cannot pass between the check and the change, as for voiding a paper ballot): the proxy loses
     * the right to vote for the home (unless registered as its owner), the record and its photo are
     * kept as withdrawn. 'ended' after the deadline or a cancellation, 'none' without one, 'voted'
     * when the home has a ballot.
     */
    async withdrawWritten(pollId: string, unitId: string, label: string, reason: string, by: string, at: Date): Promise<'ok' | 'ended' | 'none' | 'voted'> {
      return db.transaction(async (tx) => {
        const [poll] = await tx.select({ endTime: polls.endTime, cancelledAt: polls.cancelledAt }).from(polls).where(eq(polls.id, pollId)).for('update');
        if (!poll || poll.cancelledAt || poll.endTime.getTime() <= at.getTime()) return 'ended';
        const mine = and(eq(pollProxies.pollId, pollId), eq(pollProxies.unitId, unitId), eq(pollProxies.kind, 2));
        const [proxy] = await tx.select({ mobileHash: pollProxies.mobileHash }).from(pollProxies).where(mine).limit(1);
        if (!proxy) return 'none';
        // The proxy's standing locked before looking for its ballot: a vote it is casting now
        // (owners-repo castOpen, which share-locks that row) is seen once it commits, and one it
        // casts after waits for the withdrawal and finds no standing – never both kept.
        await tx
          .select({ one: sql`1` })
          .from(pollUnitOwners)
          .where(and(eq(pollUnitOwners.pollId, pollId), eq(pollUnitOwners.unitId, unitId), eq(pollUnitOwners.mobileHash, proxy.mobileHash)))
          .for('update');
        const ballot = await tx.select({ one: sql`1` }).from(ownerBallots).where(and(eq(ownerBallots.pollId, pollId), eq(ownerBallots.unitId, unitId))).limit(1);
        const secretBallot = await tx.select({ one: sql`1` }).from(secretVoters).where(and(eq(secretVoters.pollId, pollId), eq(secretVoters.voter, unitId))).limit(1);
        if (ballot.length || secretBallot.length) return 'voted';
        const [gone] = await tx.delete(pollProxies).where(mine).returning({ mobileHash: pollProxies.mobileHash, mobileEnc: pollProxies.mobileEnc, photoHash: pollProxies.photoHash });
        const registered = await tx.select({ one: sql`1` }).from(unitOwners).where(and(eq(unitOwners.unitId, unitId), eq(unitOwners.mobileHash, gone!.mobileHash))).limit(1);
        if (!registered.length) await tx.delete(pollUnitOwners).where(and(eq(pollUnitOwners.pollId, pollId), eq(pollUnitOwners.unitId, unitId), eq(pollUnitOwners.mobileHash, gone!.mobileHash)));
        const [kept] = await tx.insert(withdrawnProxies).values({ pollId, label, mobileEnc: gone!.mobileEnc, photoHash: gone!.photoHash, reason, withdrawnBy: by }).returning({ id: withdrawnProxies.id });
        await tx.update(imageRefs).set({ ref: withdrawnPhotoRef(kept!.id) }).where(eq(imageRefs.ref, ballotPhotoRef(pollId, unitId, 'proxy')));
        return 'ok';
      });
    },

    /** The proxies the person named in the app for this vote, and whether each home has voted. */
    async proxiesNamedBy(pollId: string, userId: string, secret: boolean) {
      const voted = secret
        ? sql<boolean>`exists (select 1 from ${secretVoters} where ${secretVoters.pollId} = ${pollId} and ${secretVoters.voter} = ${pollProxies.unitId})`
        : sql<boolean>`exists (select 1 from ${ownerBallots} where ${ownerBallots.pollId} = ${pollId} and ${ownerBallots.unitId} = ${pollProxies.unitId})`;
      return db
        .select({ label: pollUnits.label, mobileEnc: pollProxies.mobileEnc, voted })
        .from(pollProxies)
        .innerJoin(pollUnits, and(eq(pollUnits.pollId, pollProxies.pollId), eq(pollUnits.unitId, pollProxies.unitId)))
        .where(and(eq(pollProxies.pollId, pollId), eq(pollProxies.namedBy, userId), eq(pollProxies.kind, 1)))
        .orderBy(asc(pollUnits.label));
    },

    async mobileHashOf(userId: string) {
      const [row] = await db.select({ h: users.mobileHash }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.h ?? null;
    },

    async homesOf(pollId: string, unitIds: string[]) {
      if (!unitIds.length) return [];
      return db.select({ label: pollUnits.label }).from(pollUnits).where(and(eq(pollUnits.pollId, pollId), inArray(pollUnits.unitId, unitIds))).orderBy(asc(pollUnits.label));
    },
  };
}
export type PaperProxyRepo = ReturnType<typeof createPaperProxyRepo>;
