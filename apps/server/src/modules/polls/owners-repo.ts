import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { ownerKeyOf } from '@sq/contract/polls/owners-count';
import { unitLabel } from '@sq/contract/units/unit-rules';
import { readRegister } from '../units/repo';
import { keepProxies } from './proxy-keep';
import type { Db } from '../../db/client';
import { communities, ownerBallots, ownersSettings, paperBallots, pollOptions, pollProxies, polls, pollUnitOwners, pollUnits, secretVoters, units, users } from '../../db/schema';
import { OWNERS_NOTICE_DAYS_DEFAULT } from '@sq/contract/polls/owners-rules';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Rows per INSERT of the electorate copy. */
const BATCH = 1_000;

/** The caller's mobile hash, read inside the statement that needs it (no second round trip). */
const mobileHashOf = (userId: string) => sql`(select ${users.mobileHash} from ${users} where ${users.id} = ${userId})`;

export function createOwnersRepo(db: Db) {
  return {
    /** Copies the community's register into the vote (inside the vote's creating transaction); the number of units. */
    /**
     * Copies the community's register into the vote (inside the vote's creating transaction); the
     * number of units. Each home carries its owner's key, grouped as 法释〔2009〕7号 art. 9 counts
     * owners (packages/contract/src/polls/owners-count.ts), and its area's source.
     */
    async snapshotElectorate(tx: Tx, pollId: string, poiId: string): Promise<number> {
      const { homes, mobiles } = await readRegister(tx, poiId);
      if (!homes.length) return 0;
      for (let i = 0; i < homes.length; i += BATCH) {
        await tx.insert(pollUnits).values(
          homes.slice(i, i + BATCH).map((u) => ({
            pollId,
            unitId: u.id,
            label: unitLabel({ building: u.building, unit: u.unitNo, room: u.room }),
            areaCenti: u.areaCenti,
            ownerKey: ownerKeyOf(u.home),
            areaSource: u.areaSource,
          })),
        );
      }
      for (let i = 0; i < mobiles.length; i += BATCH) {
        await tx.insert(pollUnitOwners).values(mobiles.slice(i, i + BATCH).map((o) => ({ pollId, unitId: o.unitId, mobileHash: o.mobileHash })));
      }
      return homes.length;
    },

    async registerSize(poiId: string) {
      const [row] = await db.select({ n: count() }).from(units).where(eq(units.poiId, poiId));
      return row?.n ?? 0;
    },

    /**
     * Homes counted by channel: paper (a paper ballot's record), proxy (cast by the home's proxy –
     * an open ballot's caster, a secret vote's counter) and online (the rest).
     */
    async channels(pollId: string, secret: boolean) {
      const [paper] = await db.select({ n: count() }).from(paperBallots).where(eq(paperBallots.pollId, pollId));
      if (secret) {
        const [voted] = await db.select({ n: count() }).from(secretVoters).where(eq(secretVoters.pollId, pollId));
        const [p] = await db.select({ n: polls.secretProxyUnits }).from(polls).where(eq(polls.id, pollId));
        const proxy = p?.n ?? 0;
        return { online: (voted?.n ?? 0) - (paper?.n ?? 0) - proxy, proxy, paper: paper?.n ?? 0 };
      }
      const [voted] = await db.select({ n: count() }).from(ownerBallots).where(eq(ownerBallots.pollId, pollId));
      const [proxy] = await db
        .select({ n: count() })
        .from(ownerBallots)
        .innerJoin(pollProxies, and(eq(pollProxies.pollId, ownerBallots.pollId), eq(pollProxies.unitId, ownerBallots.unitId)))
        .innerJoin(users, and(eq(users.id, ownerBallots.castBy), eq(users.mobileHash, pollProxies.mobileHash)))
        .where(eq(ownerBallots.pollId, pollId));
      return { online: (voted?.n ?? 0) - (paper?.n ?? 0) - (proxy?.n ?? 0), proxy: proxy?.n ?? 0, paper: paper?.n ?? 0 };
    },

    /** Units, area and owners of the whole electorate. */
    async totals(pollId: string) {
      const [row] = await db
        .select({
          units: sql<number>`count(*)::int`,
          areaCenti: sql<number>`coalesce(sum(${pollUnits.areaCenti}), 0)::bigint`.mapWith(Number),
          owners: sql<number>`count(distinct ${pollUnits.ownerKey})::int`,
          registered: sql<number>`count(*) filter (where ${pollUnits.areaSource} = 1)::int`,
          surveyed: sql<number>`count(*) filter (where ${pollUnits.areaSource} = 2)::int`,
          contract: sql<number>`count(*) filter (where ${pollUnits.areaSource} = 3)::int`,
        })
        .from(pollUnits)
        .where(eq(pollUnits.pollId, pollId));
      return row!;
    },

    /** An open vote's ballots summed per option (units, area, owners) by the electorate's copy. */
    async openTally(pollId: string) {
      return db
        .select({
          optionId: ownerBallots.optionId,
          units: sql<number>`count(*)::int`,
          areaCenti: sql<number>`sum(${pollUnits.areaCenti})::bigint`.mapWith(Number),
          owners: sql<number>`count(distinct ${pollUnits.ownerKey})::int`,
        })
        .from(ownerBallots)
        .innerJoin(pollUnits, and(eq(pollUnits.pollId, ownerBallots.pollId), eq(pollUnits.unitId, ownerBallots.unitId)))
        .where(eq(ownerBallots.pollId, pollId))
        .groupBy(ownerBallots.optionId);
    },

    /** Units that voted in an open vote, with their area and owners (an owner counts once). */
    async openVoted(pollId: string) {
      const [row] = await db
        .select({
          units: sql<number>`count(*)::int`,
          areaCenti: sql<number>`coalesce(sum(${pollUnits.areaCenti}), 0)::bigint`.mapWith(Number),
          owners: sql<number>`count(distinct ${pollUnits.ownerKey})::int`,
        })
        .from(ownerBallots)
        .innerJoin(pollUnits, and(eq(pollUnits.pollId, ownerBallots.pollId), eq(pollUnits.unitId, ownerBallots.unitId)))
        .where(eq(ownerBallots.pollId, pollId));
      return row!;
    },

    /** The viewer's units in the vote, whether each has voted, and (open votes) what it chose. */
    async unitsOf(pollId: string, userId: string, secret: boolean) {
      const mine = db
        .select({ unitId: pollUnitOwners.unitId })
        .from(pollUnitOwners)
        .where(and(eq(pollUnitOwners.pollId, pollId), eq(pollUnitOwners.mobileHash, mobileHashOf(userId))));
      // Spelled out: inside a select list Drizzle leaves column names unqualified, and here both
      // tables have a unit column.
      const unit = sql`"poll_units"."unit_id"`;
      const voted = secret
        ? sql<string | null>`(select 'secret' from ${secretVoters} where ${secretVoters.pollId} = ${pollId} and ${secretVoters.voter} = ${unit})`
        : sql<string | null>`(select ${ownerBallots.optionId}::text from ${ownerBallots} where ${ownerBallots.pollId} = ${pollId} and ${ownerBallots.unitId} = ${unit})`;
      return db
        .select({ unitId: pollUnits.unitId, label: pollUnits.label, choice: voted })
        .from(pollUnits)
        .where(and(eq(pollUnits.pollId, pollId), inArray(pollUnits.unitId, mine)))
        .orderBy(asc(pollUnits.label));
    },

    /**
     * One statement casts the ballot of every unit of the voter not voted yet: the primary key
     * (poll, unit) lets exactly one ballot per unit through when co-owners vote at once.
     */
    async castOpen(pollId: string, userId: string, optionId: string): Promise<number> {
      const rows = await db
        .insert(ownerBallots)
        .select(
          db
            .select({ pollId: pollUnitOwners.pollId, unitId: pollUnitOwners.unitId, optionId: sql`${optionId}::uuid`.as('option_id'), castBy: sql`${userId}::uuid`.as('cast_by'), createdAt: sql`now()`.as('created_at') })
            .from(pollUnitOwners)
            .where(and(eq(pollUnitOwners.pollId, pollId), eq(pollUnitOwners.mobileHash, mobileHashOf(userId))))
            // Co-owners voting at once claim units in the same order, so the first to claim one
            // claims all the units they share: one owner's units never carry two choices.
            .orderBy(asc(pollUnitOwners.unitId))
            // A proxy's standing being withdrawn at this moment (paper-proxy-repo withdrawWritten
            // locks it first): wait for that, and a standing withdrawn casts nothing.
            .for('share'),
        )
        .onConflictDoNothing()
        .returning({ unitId: ownerBallots.unitId });
      return rows.length;
    },

    /** Every unit of an open vote with its choice (null: did not vote), as owners may inspect. */
    async openList(pollId: string) {
      return db
        .select({ label: pollUnits.label, areaCenti: pollUnits.areaCenti, choice: pollOptions.title })
        .from(pollUnits)
        .leftJoin(ownerBallots, and(eq(ownerBallots.pollId, pollUnits.pollId), eq(ownerBallots.unitId, pollUnits.unitId)))
        .leftJoin(pollOptions, eq(pollOptions.id, ownerBallots.optionId))
        .where(eq(pollUnits.pollId, pollId))
        .orderBy(sql`length(${pollUnits.label})`, asc(pollUnits.label));
    },

    /**
     * The roll as announced, for a recount: each home with its area, the area's source and its
     * owner's number (homes of one owner under art. 9 share it, numbered in the roll's order), and
     * for an open vote the choice (a secret one: null).
     */
    async roll(pollId: string, open: boolean) {
      const rows = await db
        .select({ label: pollUnits.label, areaCenti: pollUnits.areaCenti, areaSource: pollUnits.areaSource, ownerKey: pollUnits.ownerKey, choice: open ? pollOptions.title : sql<string | null>`null` })
        .from(pollUnits)
        .leftJoin(ownerBallots, and(eq(ownerBallots.pollId, pollUnits.pollId), eq(ownerBallots.unitId, pollUnits.unitId)))
        .leftJoin(pollOptions, eq(pollOptions.id, ownerBallots.optionId))
        .where(eq(pollUnits.pollId, pollId))
        .orderBy(sql`length(${pollUnits.label})`, asc(pollUnits.label));
      const numbers = new Map<string, number>();
      return rows.map(({ ownerKey, ...r }) => {
        if (!numbers.has(ownerKey)) numbers.set(ownerKey, numbers.size + 1);
        return { ...r, ownerNo: numbers.get(ownerKey)! };
      });
    },

    /** The community's notice period in days (the default when it set none). */
    async noticeDays(poiId: string) {
      const [row] = await db.select({ days: ownersSettings.noticeDays }).from(ownersSettings).where(eq(ownersSettings.poiId, poiId)).limit(1);
      return row?.days ?? OWNERS_NOTICE_DAYS_DEFAULT;
    },

    /**
     * Fixes the roll at the start of voting, once: who may vote for each home of the roll, and the
     * homes' owner keys, are taken from the register as it stands now, so a sale recorded between
     * the announcement and the start moves the vote to the buyer. The homes and their areas stay as
     * announced. Serialised on the poll's row; true when this call fixed it.
     */
    async fixRoll(pollId: string, poiId: string, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select({ fixed: polls.rollFixedAt }).from(polls).where(eq(polls.id, pollId)).for('update');
        if (!row || row.fixed) return false;
        const roll = new Set((await tx.select({ unitId: pollUnits.unitId }).from(pollUnits).where(eq(pollUnits.pollId, pollId))).map((r) => r.unitId));
        const { homes, mobiles } = await readRegister(tx, poiId);
        const current = homes.filter((h) => roll.has(h.id));
        const moved = new Set(current.map((h) => h.id));
        if (moved.size) {
          const was = await tx.select({ unitId: pollUnitOwners.unitId, m: pollUnitOwners.mobileHash }).from(pollUnitOwners).where(and(eq(pollUnitOwners.pollId, pollId), inArray(pollUnitOwners.unitId, [...moved])));
          const before = new Map<string, string[]>();
          for (const w of was) before.set(w.unitId, [...(before.get(w.unitId) ?? []), w.m]);
          await tx.delete(pollUnitOwners).where(and(eq(pollUnitOwners.pollId, pollId), inArray(pollUnitOwners.unitId, [...moved])));
          const rows = mobiles.filter((m) => moved.has(m.unitId));
          for (let i = 0; i < rows.length; i += BATCH) {
            await tx.insert(pollUnitOwners).values(rows.slice(i, i + BATCH).map((o) => ({ pollId, unitId: o.unitId, mobileHash: o.mobileHash })));
          }
          for (const h of current) {
            await tx.update(pollUnits).set({ ownerKey: ownerKeyOf(h.home) }).where(and(eq(pollUnits.pollId, pollId), eq(pollUnits.unitId, h.id)));
          }
          // A proxy named in the notice period stays if its owner still owns the home.
          await keepProxies(tx, pollId, before);
        }
        await tx.update(polls).set({ rollFixedAt: at }).where(eq(polls.id, pollId));
        return true;
      });
    },

    /** Accounts of the owners in a vote's roll (by their registered mobiles): whom to tell. */
    async ownerAccounts(pollId: string) {
      const rows = await db
        .selectDistinct({ id: users.id })
        .from(pollUnitOwners)
        .innerJoin(users, eq(users.mobileHash, pollUnitOwners.mobileHash))
        .where(eq(pollUnitOwners.pollId, pollId));
      return rows.map((r) => r.id);
    },

    async communityName(poiId: string) {
      const [row] = await db.select({ name: communities.name }).from(communities).where(eq(communities.poiId, poiId)).limit(1);
      return row?.name ?? '';
    },

    /** Owners' votes of a community, newest first, with how many units voted. */
    async ofCommunity(poiId: string) {
      const poll = sql`"polls"."id"`;
      const votedOpen = sql<number>`(select count(*) from ${ownerBallots} where ${ownerBallots.pollId} = ${poll})::int`;
      const votedSecret = sql<number>`(select count(*) from ${secretVoters} where ${secretVoters.pollId} = ${poll})::int`;
      return db
        .select({
          id: polls.id,
          title: polls.title,
          type: polls.type,
          endTime: polls.endTime,
          creatorId: polls.creatorId,
          secret: polls.secret,
          votedUnits: sql<number>`case when ${polls.secret} then ${votedSecret} else ${votedOpen} end`,
          totalUnits: sql<number>`(select count(*) from ${pollUnits} where ${pollUnits.pollId} = ${poll})::int`,
        })
        .from(polls)
        .where(and(eq(polls.poiId, poiId), eq(polls.mode, 1)))
        .orderBy(desc(polls.createdAt))
        .limit(200);
    },
  };
}
export type OwnersRepo = ReturnType<typeof createOwnersRepo>;
