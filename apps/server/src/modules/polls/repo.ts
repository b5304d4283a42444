import { and, asc, count, eq, isNull, TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pollBallots, pollOptions, polls, pollVotes } from '../../db/schema';
import type { OwnersRepo } from './owners-repo';
import type { SecretRepo } from './secret-repo';

export interface NewPoll {
  creatorId: string;
  title: string;
  info: string;
  type: 0 | 1;
  endTime: Date;
  startTime?: Date | null;
  optionTitles: string[];
  /** The community a plain poll is published to (its residents list it on /vote), or null. */
  community?: string | null;
  /** An owners' vote of this community (its register is copied in), or null. */
  ownersOf: { poiId: string; matter: 0 | 1; matterItem: number | null } | null;
  secret: boolean;
  hideResults: boolean;
}

export function createPollsRepo(db: Db, parts: { owners: OwnersRepo; secret: SecretRepo }) {
  return {
    /** The poll, its options, and (owners' vote) its electorate or (secret) its zero totals, at once; null when an owners' vote would have no units. */
    async insertPoll(p: NewPoll) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(polls)
          .values({
            creatorId: p.creatorId,
            title: p.title,
            info: p.info,
            type: p.type,
            endTime: p.endTime,
            startTime: p.startTime ?? null,
            poiId: p.ownersOf?.poiId ?? p.community ?? null,
            mode: p.ownersOf ? 1 : 0,
            matter: p.ownersOf?.matter ?? 0,
            matterItem: p.ownersOf?.matterItem ?? null,
            secret: p.secret,
            hideResults: p.hideResults,
          })
          .returning({ id: polls.id, title: polls.title });
        const options = await tx
          .insert(pollOptions)
          .values(p.optionTitles.map((title, sort) => ({ pollId: row!.id, title, sort })))
          .returning({ id: pollOptions.id });
        if (p.ownersOf && (await parts.owners.snapshotElectorate(tx, row!.id, p.ownersOf.poiId)) === 0) {
          tx.rollback();
        }
        if (p.secret) await parts.secret.openBox(tx, row!.id, options.map((o) => o.id));
        return row!;
      }).catch((e: unknown) => {
        if (e instanceof TransactionRollbackError) return null;
        throw e;
      });
    },

    /** Moves the deadline with its reason, only if never extended and not cancelled; false otherwise. */
    async extendOnce(id: string, endTime: Date, reason: string) {
      const rows = await db.update(polls).set({ endTime, extendReason: reason }).where(and(eq(polls.id, id), isNull(polls.extendReason), isNull(polls.cancelledAt))).returning({ id: polls.id });
      return rows.length > 0;
    },

    async cancel(id: string, at: Date, reason: string) {
      const rows = await db.update(polls).set({ cancelledAt: at, cancelReason: reason }).where(and(eq(polls.id, id), isNull(polls.cancelledAt))).returning({ id: polls.id });
      return rows.length > 0;
    },

    async findPoll(id: string) {
      const [row] = await db.select().from(polls).where(eq(polls.id, id)).limit(1);
      return row ?? null;
    },

    /** Options in the creator's order with how many people chose each. */
    async optionsWithVotes(pollId: string) {
      return db
        .select({ id: pollOptions.id, title: pollOptions.title, votes: count(pollVotes.userId) })
        .from(pollOptions)
        .leftJoin(pollVotes, eq(pollVotes.optionId, pollOptions.id))
        .where(eq(pollOptions.pollId, pollId))
        .groupBy(pollOptions.id, pollOptions.title, pollOptions.sort)
        .orderBy(asc(pollOptions.sort));
    },

    async countVoters(pollId: string) {
      const [row] = await db.select({ n: count() }).from(pollBallots).where(eq(pollBallots.pollId, pollId));
      return row?.n ?? 0;
    },

    /** The options this user chose, or null when they have not voted. */
    async ballotOf(pollId: string, userId: string): Promise<Set<string> | null> {
      const [ballot] = await db
        .select({ pollId: pollBallots.pollId })
        .from(pollBallots)
        .where(and(eq(pollBallots.pollId, pollId), eq(pollBallots.userId, userId)))
        .limit(1);
      if (!ballot) return null;
      const rows = await db
        .select({ optionId: pollVotes.optionId })
        .from(pollVotes)
        .where(and(eq(pollVotes.pollId, pollId), eq(pollVotes.userId, userId)));
      return new Set(rows.map((r) => r.optionId));
    },

    /**
     * Records one ballot and its choices, or nothing: the ballot's primary key (poll, user) lets
     * exactly one of any number of concurrent submits through. False when the user had voted.
     */
    async castBallot(pollId: string, userId: string, optionIds: string[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(pollBallots)
          .values({ pollId, userId })
          .onConflictDoNothing()
          .returning({ pollId: pollBallots.pollId });
        if (inserted.length === 0) return false;
        await tx.insert(pollVotes).values(optionIds.map((optionId) => ({ pollId, userId, optionId })));
        return true;
      });
    },

    async optionIdsOf(pollId: string) {
      const rows = await db.select({ id: pollOptions.id }).from(pollOptions).where(eq(pollOptions.pollId, pollId));
      return new Set(rows.map((r) => r.id));
    },
  };
}
export type PollsRepo = ReturnType<typeof createPollsRepo>;
