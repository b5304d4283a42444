import { and, desc, eq, exists, gt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ownerBallots, pollBallots, polls, pollUnitOwners, secretVoters, users } from '../../db/schema';

/** The row being listed, spelled out: inside subqueries Drizzle leaves column names unqualified. */
const poll = sql`"polls"."id"`;

/** What the lists ask of every poll about one user, as SQL over the listed row. */
function aboutUser(db: Db, userId: string) {
  const myHash = sql`(select ${users.mobileHash} from ${users} where ${users.id} = ${userId})`;
  // The user's homes in an owners' vote (its electorate as announced).
  const myUnits = db
    .select({ unitId: pollUnitOwners.unitId })
    .from(pollUnitOwners)
    .where(and(eq(pollUnitOwners.pollId, polls.id), eq(pollUnitOwners.mobileHash, myHash)));
  const voted = sql`(exists (select 1 from ${pollBallots} where ${pollBallots.pollId} = ${poll} and ${pollBallots.userId} = ${userId})
    or exists (select 1 from ${ownerBallots} where ${ownerBallots.pollId} = ${poll} and ${ownerBallots.castBy} = ${userId})
    or exists (select 1 from ${secretVoters} where ${secretVoters.pollId} = ${poll} and (${secretVoters.voter} = ${userId} or ${secretVoters.voter} in (${myUnits}))))`;
  const hasUnits = sql`exists (select 1 from ${pollUnitOwners} as mine where mine.poll_id = ${poll} and mine.mobile_hash = ${myHash})`;
  // A home of the user's in an owners' vote that nobody has voted for yet (open or secret ballot).
  const unvotedUnit = sql`exists (select 1 from ${pollUnitOwners} as mine where mine.poll_id = ${poll} and mine.mobile_hash = ${myHash}
    and not exists (select 1 from ${ownerBallots} where ${ownerBallots.pollId} = ${poll} and ${ownerBallots.unitId} = mine.unit_id)
    and not exists (select 1 from ${secretVoters} where ${secretVoters.pollId} = ${poll} and ${secretVoters.voter} = mine.unit_id))`;
  return { myUnits, voted, hasUnits, unvotedUnit };
}

/** People who voted; units for an owners' vote (turnout is shown even while results are closed). */
const voters = sql`case
  when ${polls.secret} then (select count(*) from ${secretVoters} where ${secretVoters.pollId} = ${poll})
  when ${polls.mode} = 1 then (select count(*) from ${ownerBallots} where ${ownerBallots.pollId} = ${poll})
  else (select count(*) from ${pollBallots} where ${pollBallots.pollId} = ${poll}) end`;

/** Open ones first by nearest deadline, then closed ones, newest deadline first. */
function openFirst(at: Date): SQL[] {
  const isOpen = gt(polls.endTime, at);
  return [desc(sql`(${isOpen})`), sql`case when ${isOpen} then ${polls.endTime} end asc`, desc(polls.endTime), desc(polls.createdAt)];
}

/** A listed poll, and what it is to the user. */
function columns(about: ReturnType<typeof aboutUser>) {
  return {
    id: polls.id,
    title: polls.title,
    type: polls.type,
    endTime: polls.endTime,
    creatorId: polls.creatorId,
    voters: sql<number>`(${voters})`.mapWith(Number),
    owners: sql<boolean>`${polls.mode} = 1`,
    secret: polls.secret,
    voted: sql<boolean>`${about.voted}`,
    hasUnits: sql<boolean>`${about.hasUnits}`,
    unvotedUnit: sql<boolean>`${about.unvotedUnit}`,
  };
}

/** The poll lists: mine (/chiocelist) and a community's (/vote). */
export function createPollListRepo(db: Db) {
  return {
    /** Polls the user created, voted in, or (owners' votes) may vote in as an owner. */
    async forUser(userId: string, at: Date, limit: number, offset: number) {
      const about = aboutUser(db, userId);
      return db
        .select(columns(about))
        .from(polls)
        .where(or(eq(polls.creatorId, userId), about.voted, exists(about.myUnits)))
        .orderBy(...openFirst(at))
        .limit(limit)
        .offset(offset);
    },

    /**
     * The community's polls: the plain ones published there, and the owners' votes the user may
     * open (`staff`: all of them; else as an owner or their creator).
     */
    async forCommunity(poiId: string, userId: string, staff: boolean, at: Date, limit: number, offset: number) {
      const about = aboutUser(db, userId);
      return db
        .select(columns(about))
        .from(polls)
        .where(and(eq(polls.poiId, poiId), staff ? undefined : or(eq(polls.mode, 0), eq(polls.creatorId, userId), exists(about.myUnits))))
        .orderBy(...openFirst(at))
        .limit(limit)
        .offset(offset);
    },
  };
}
export type PollListRepo = ReturnType<typeof createPollListRepo>;
export type ListedPoll = Awaited<ReturnType<PollListRepo['forUser']>>[number];
