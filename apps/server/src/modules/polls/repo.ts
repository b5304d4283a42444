import { and, asc, count, desc, eq, exists, gt, or, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ownerBallots, pollBallots, pollOptions, polls, pollUnitOwners, pollVotes, secretVoters, users } from '../../db/schema';
import type { OwnersRepo } from './owners-repo';
import type { SecretRepo } from './secret-repo';

export interface NewPoll {
  creatorId: string;
  title: string;
  info: string;
  type: 0 | 1;
  endTime: Date;
  optionTitles: string[];
  /** An owners' vote of this community (its register is copied in), or null. */
  ownersOf: { poiId: string; matter: 0 | 1 } | null;
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
            poiId: p.ownersOf?.poiId ?? null,
            mode: p.ownersOf ? 1 : 0,
            matter: p.ownersOf?.matter ?? 0,
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

    /**
     * Polls the user created, voted in, or (owners' votes) may vote in as an owner: open ones first
     * by nearest deadline, then closed ones, newest first.
     */
    async listForUser(userId: string, at: Date, limit: number, offset: number) {
      const myHash = sql`(select ${users.mobileHash} from ${users} where ${users.id} = ${userId})`;
      const myUnits = db
        .select({ unitId: pollUnitOwners.unitId })
        .from(pollUnitOwners)
        .where(and(eq(pollUnitOwners.pollId, polls.id), eq(pollUnitOwners.mobileHash, myHash)));
      const poll = sql`"polls"."id"`;
      const voted = sql`(exists (select 1 from ${pollBallots} where ${pollBallots.pollId} = ${poll} and ${pollBallots.userId} = ${userId})
        or exists (select 1 from ${ownerBallots} where ${ownerBallots.pollId} = ${poll} and ${ownerBallots.castBy} = ${userId})
        or exists (select 1 from ${secretVoters} where ${secretVoters.pollId} = ${poll} and (${secretVoters.voter} = ${userId} or ${secretVoters.voter} in (${myUnits}))))`;
      const isOpen = gt(polls.endTime, at);
      // People who voted; units for an owners' vote (turnout is shown even while results are closed).
      const voters = sql`case
        when ${polls.secret} then (select count(*) from ${secretVoters} where ${secretVoters.pollId} = ${poll})
        when ${polls.mode} = 1 then (select count(*) from ${ownerBallots} where ${ownerBallots.pollId} = ${poll})
        else (select count(*) from ${pollBallots} where ${pollBallots.pollId} = ${poll}) end`;
      return db
        .select({
          id: polls.id,
          title: polls.title,
          type: polls.type,
          endTime: polls.endTime,
          creatorId: polls.creatorId,
          voted: sql<boolean>`${voted}`,
          voters: sql<number>`(${voters})`.mapWith(Number),
        })
        .from(polls)
        .where(or(eq(polls.creatorId, userId), voted, exists(myUnits)))
        .orderBy(
          desc(sql`(${isOpen})`),
          sql`case when ${isOpen} then ${polls.endTime} end asc`,
          desc(polls.endTime),
          desc(polls.createdAt),
        )
        .limit(limit)
        .offset(offset);
    },

    async optionIdsOf(pollId: string) {
      const rows = await db.select({ id: pollOptions.id }).from(pollOptions).where(eq(pollOptions.pollId, pollId));
      return new Set(rows.map((r) => r.id));
    },
  };
}
export type PollsRepo = ReturnType<typeof createPollsRepo>;
