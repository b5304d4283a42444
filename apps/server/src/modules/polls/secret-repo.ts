import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pollProxies, polls, pollUnitOwners, pollUnits, secretReceipts, secretTallies, secretVoters, users } from '../../db/schema';

/** Who casts a secret ballot: a person (plain poll) or a person for their units (owners' vote). */
export type SecretVoter = { kind: 'person'; userId: string } | { kind: 'owner'; userId: string };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Marks the units voted (those not voted yet) and counts them; false when all had voted. Inside the poll's lock. */
async function castUnits(tx: Tx, pollId: string, mine: { unitId: string; areaCenti: number; ownerKey: string }[], optionIds: string[], receiptHash: string) {
  if (!mine.length) return null;
  const inserted = await tx
    .insert(secretVoters)
    .values(mine.map((u) => ({ pollId, voter: u.unitId })))
    .onConflictDoNothing()
    .returning({ voter: secretVoters.voter });
  if (!inserted.length) return null;
  const cast = new Set(inserted.map((r) => r.voter));
  const counted = mine.filter((u) => cast.has(u.unitId));
  // Units of the same owners are always cast together (one of them votes for all), so the
  // distinct keys of this ballot are owners not counted before.
  await addBallot(tx, pollId, optionIds, receiptHash, { units: counted.length, areaCenti: counted.reduce((sum, u) => sum + u.areaCenti, 0), owners: new Set(counted.map((u) => u.ownerKey)).size });
  return counted.map((u) => u.unitId);
}

/** Adds a ballot to the chosen options' totals, rewriting every total and every receipt (see above). */
async function addBallot(tx: Tx, pollId: string, optionIds: string[], receiptHash: string, add: { units: number; areaCenti: number; owners: number }) {
  const { units, areaCenti, owners } = add;
  const hit = sql.join(optionIds.map((id) => sql`${id}::uuid`), sql`, `);
  const picked = sql`${secretTallies.optionId} in (${hit})`;
  await tx
    .update(secretTallies)
    .set({
      votes: sql`${secretTallies.votes} + case when ${picked} then ${units} else 0 end`,
      areaCenti: sql`${secretTallies.areaCenti} + case when ${picked} then ${areaCenti} else 0 end`,
      owners: sql`${secretTallies.owners} + case when ${picked} then ${owners} else 0 end`,
    })
    .where(eq(secretTallies.pollId, pollId));
  await tx.update(polls).set({ secretBallots: sql`${polls.secretBallots} + 1` }).where(eq(polls.id, pollId));
  const old = await tx.delete(secretReceipts).where(eq(secretReceipts.pollId, pollId)).returning({ receiptHash: secretReceipts.receiptHash });
  const all = [...old.map((r) => r.receiptHash), receiptHash].sort();
  for (let i = 0; i < all.length; i += 1_000) {
    await tx.insert(secretReceipts).values(all.slice(i, i + 1_000).map((h) => ({ pollId, receiptHash: h })));
  }
}

/**
 * Secret ballots (docs/decisions/polls-and-owners-votes.md, "Secret ballots"). What is stored cannot link a ballot to its
 * voter: `secret_voters` says who voted (no time, no ballot), `secret_tallies` holds running totals
 * per option, `secret_receipts` the receipts' hashes. Every vote updates *every* total of its poll
 * and rewrites *every* receipt in hash order, so all of them carry the last vote's transaction and
 * none keeps a position that follows the order of voting. Votes of one poll are serialised on
 * the poll's row, which keeps one ballot per voter (or unit) and the totals exact under concurrency.
 */
export function createSecretRepo(db: Db) {
  return {
    /** Zero totals for each option, written with the poll. */
    async openBox(tx: Tx, pollId: string, optionIds: string[]) {
      await tx.insert(secretTallies).values(optionIds.map((optionId) => ({ pollId, optionId })));
    },


    /** Casts the ballot; false when the voter (or every unit of theirs) has voted already. */
    async cast(pollId: string, voter: SecretVoter, optionIds: string[], receiptHash: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.select({ id: polls.id }).from(polls).where(eq(polls.id, pollId)).for('update');
        if (voter.kind === 'person') {
          const rows = await tx.insert(secretVoters).values({ pollId, voter: voter.userId }).onConflictDoNothing().returning({ voter: secretVoters.voter });
          if (!rows.length) return false;
          await addBallot(tx, pollId, optionIds, receiptHash, { units: 1, areaCenti: 0, owners: 0 });
          return true;
        }
        const mine = await tx
          .select({ unitId: pollUnits.unitId, areaCenti: pollUnits.areaCenti, ownerKey: pollUnits.ownerKey })
          .from(pollUnitOwners)
          .innerJoin(pollUnits, and(eq(pollUnits.pollId, pollUnitOwners.pollId), eq(pollUnits.unitId, pollUnitOwners.unitId)))
          .where(and(eq(pollUnitOwners.pollId, pollId), eq(pollUnitOwners.mobileHash, sql`(select ${users.mobileHash} from ${users} where ${users.id} = ${voter.userId})`)));
        const counted = await castUnits(tx, pollId, mine, optionIds, receiptHash);
        if (!counted) return false;
        // Homes the caller cast as their proxy: only how many (the channel counts), never which.
        await tx
          .update(polls)
          .set({
            secretProxyUnits: sql`${polls.secretProxyUnits} + (select count(*)::int from ${pollProxies} where ${pollProxies.pollId} = ${pollId} and ${pollProxies.mobileHash} = (select ${users.mobileHash} from ${users} where ${users.id} = ${voter.userId}) and ${pollProxies.unitId} in (${sql.join(
              counted.map((u) => sql`${u}::uuid`),
              sql`, `,
            )}))`,
          })
          .where(eq(polls.id, pollId));
        return true;
      });
    },

    /**
     * Casts one home's ballot (a paper ballot entered by staff); false when it has voted already.
     * `also` runs in the same transaction once the ballot is in (the paper's record and photo).
     */
    async castHome(pollId: string, unitId: string, optionIds: string[], receiptHash: string, also: (tx: Tx) => Promise<void>): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.select({ id: polls.id }).from(polls).where(eq(polls.id, pollId)).for('update');
        const home = await tx
          .select({ unitId: pollUnits.unitId, areaCenti: pollUnits.areaCenti, ownerKey: pollUnits.ownerKey })
          .from(pollUnits)
          .where(and(eq(pollUnits.pollId, pollId), eq(pollUnits.unitId, unitId)));
        if (!(await castUnits(tx, pollId, home, optionIds, receiptHash))) return false;
        await also(tx);
        return true;
      });
    },

    async tallies(pollId: string) {
      return db
        .select({ optionId: secretTallies.optionId, votes: secretTallies.votes, areaCenti: secretTallies.areaCenti, owners: secretTallies.owners })
        .from(secretTallies)
        .where(eq(secretTallies.pollId, pollId))
        .orderBy(asc(secretTallies.optionId));
    },

    async voterCount(pollId: string) {
      const [row] = await db.select({ n: count() }).from(secretVoters).where(eq(secretVoters.pollId, pollId));
      return row?.n ?? 0;
    },

    async hasVoted(pollId: string, userId: string) {
      const [row] = await db.select({ n: count() }).from(secretVoters).where(and(eq(secretVoters.pollId, pollId), eq(secretVoters.voter, userId)));
      return (row?.n ?? 0) > 0;
    },

    /** The receipts' hashes in hash order (the published list). */
    async receipts(pollId: string) {
      const rows = await db.select({ h: secretReceipts.receiptHash }).from(secretReceipts).where(eq(secretReceipts.pollId, pollId)).orderBy(asc(secretReceipts.receiptHash));
      return rows.map((r) => r.h);
    },

    async receiptCounted(pollId: string, receiptHash: string) {
      const [row] = await db.select({ n: count() }).from(secretReceipts).where(and(eq(secretReceipts.pollId, pollId), eq(secretReceipts.receiptHash, receiptHash)));
      return (row?.n ?? 0) > 0;
    },
  };
}
export type SecretRepo = ReturnType<typeof createSecretRepo>;
