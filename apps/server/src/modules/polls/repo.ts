import { and, asc, count, desc, eq, exists, gt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pollBallots, pollOptions, polls, pollVotes } from '../../db/schema';

export interface NewPoll {
  creatorId: string;
  title: string;
  info: string;
  type: 0 | 1;
  endTime: Date;
  optionTitles: string[];
}

export function createPollsRepo(db: Db) {
  return {
    async insertPoll(p: NewPoll) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(polls)
          .values({ creatorId: p.creatorId, title: p.title, info: p.info, type: p.type, endTime: p.endTime })
          .returning({ id: polls.id, title: polls.title });
        await tx.insert(pollOptions).values(p.optionTitles.map((title, sort) => ({ pollId: row!.id, title, sort })));
        return row!;
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

    /** Polls the user created or voted in: open ones first by nearest deadline, then closed ones, newest first. */
    async listForUser(userId: string, at: Date, limit: number, offset: number) {
      const voted = db
        .select({ one: sql`1` })
        .from(pollBallots)
        .where(and(eq(pollBallots.pollId, polls.id), eq(pollBallots.userId, userId)));
      const isOpen = gt(polls.endTime, at);
      const voters = db.select({ n: count() }).from(pollBallots).where(eq(pollBallots.pollId, polls.id));
      return db
        .select({
          id: polls.id,
          title: polls.title,
          type: polls.type,
          endTime: polls.endTime,
          creatorId: polls.creatorId,
          voted: sql<boolean>`${exists(voted)}`,
          voters: sql<number>`(${voters})`.mapWith(Number),
        })
        .from(polls)
        .where(or(eq(polls.creatorId, userId), exists(voted)))
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
