import { and, desc, eq, sql, TransactionRollbackError } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import type { Tx } from '../../db/in-turn';
import { communities, couponBatches, coupons, merchantCommunities, merchants, redbagCampaigns, redbags, redbagShares, users } from '../../db/schema';

/** What starting or opening a packet needs of its campaign: its window, counts and the batch's terms. */
const campaignColumns = {
  id: redbagCampaigns.id,
  merchantId: redbagCampaigns.merchantId,
  merchantName: merchants.name,
  merchantStatus: merchants.status,
  batchId: redbagCampaigns.batchId,
  title: redbagCampaigns.title,
  packetFen: redbagCampaigns.packetFen,
  shares: redbagCampaigns.shares,
  packets: redbagCampaigns.packets,
  packetsStarted: redbagCampaigns.packetsStarted,
  startsAt: redbagCampaigns.startsAt,
  endsAt: redbagCampaigns.endsAt,
  status: redbagCampaigns.status,
  validDays: couponBatches.validDays,
  thresholdFen: couponBatches.thresholdFen,
  communities: couponBatches.communities,
};
const campaignQuery = (executor: Pick<Db, 'select'>) =>
  executor
    .select(campaignColumns)
    .from(redbagCampaigns)
    .innerJoin(couponBatches, eq(couponBatches.id, redbagCampaigns.batchId))
    .innerJoin(merchants, eq(merchants.id, redbagCampaigns.merchantId));
export type CampaignRow = Awaited<ReturnType<typeof campaignQuery>>[number];
/** What giving a share needs of its campaign. */
type CampaignRef = Pick<CampaignRow, 'id' | 'batchId' | 'merchantId'>;

export type NewCampaign = {
  merchantId: string;
  title: string;
  packetFen: number;
  shares: number;
  packets: number;
  startsAt: Date;
  endsAt: Date;
  validDays: number;
  thresholdFen: number;
  communities: string[];
  rules: string;
  createdBy: string;
};

/** 红包: campaigns with their coupon batch, packets and the shares opened – each share a coupon. */
export function createRedbagRepo(db: Db) {
  /** One share becomes a coupon of the campaign's batch (the batch's count moves with it). */
  async function giveShare(tx: Tx, c: CampaignRef, redbagId: string, idx: number, amountFen: number, userId: string, poiId: string, validUntil: Date) {
    const [coupon] = await tx
      .insert(coupons)
      .values({ batchId: c.batchId, merchantId: c.merchantId, userId, poiId, valueFen: amountFen, validUntil })
      .returning({ id: coupons.id });
    await tx.insert(redbagShares).values({ redbagId, idx, userId, couponId: coupon!.id, amountFen });
    await tx.update(couponBatches).set({ claimed: sql`${couponBatches.claimed} + 1` }).where(eq(couponBatches.id, c.batchId));
    return coupon!.id;
  }

  return {
    /** The shop's communities whose link is approved (those a campaign may serve). */
    async approvedLinks(merchantId: string) {
      return db
        .select({ poiId: merchantCommunities.poiId, name: communities.name })
        .from(merchantCommunities)
        .innerJoin(communities, eq(communities.poiId, merchantCommunities.poiId))
        .where(and(eq(merchantCommunities.merchantId, merchantId), eq(merchantCommunities.status, 'approved')));
    },

    /** Whether the shop's link to `poiId` is approved now. */
    async serves(merchantId: string, poiId: string) {
      const [row] = await db
        .select({ n: sql<number>`1` })
        .from(merchantCommunities)
        .where(and(eq(merchantCommunities.merchantId, merchantId), eq(merchantCommunities.poiId, poiId), eq(merchantCommunities.status, 'approved')))
        .limit(1);
      return Boolean(row);
    },

    /** The campaign and its coupon batch (channel redbag, one coupon per share) in one transaction. */
    async create(c: NewCampaign) {
      return db.transaction(async (tx) => {
        const [batch] = await tx
          .insert(couponBatches)
          .values({
            merchantId: c.merchantId,
            channel: 'redbag',
            title: c.title,
            kind: 'cash',
            valueFen: null,
            thresholdFen: c.thresholdFen,
            total: c.packets * c.shares,
            perPerson: 1,
            claimStartsAt: c.startsAt,
            claimEndsAt: c.endsAt,
            validDays: c.validDays,
            communities: c.communities,
            rules: c.rules,
            createdBy: c.createdBy,
          })
          .returning({ id: couponBatches.id });
        const [row] = await tx
          .insert(redbagCampaigns)
          .values({
            merchantId: c.merchantId,
            batchId: batch!.id,
            title: c.title,
            packetFen: c.packetFen,
            shares: c.shares,
            packets: c.packets,
            startsAt: c.startsAt,
            endsAt: c.endsAt,
            createdBy: c.createdBy,
          })
          .returning({ id: redbagCampaigns.id });
        return row!.id;
      });
    },

    /** The shop's campaigns, newest first, with the shares opened over their packets. */
    async ofShop(merchantId: string) {
      return db
        .select({
          ...campaignColumns,
          createdAt: redbagCampaigns.createdAt,
          sharesOpened: sql<number>`coalesce((select sum(${redbags.opened}) from ${redbags} where ${redbags.campaignId} = ${redbagCampaigns.id}), 0)::int`,
        })
        .from(redbagCampaigns)
        .innerJoin(couponBatches, eq(couponBatches.id, redbagCampaigns.batchId))
        .innerJoin(merchants, eq(merchants.id, redbagCampaigns.merchantId))
        .where(eq(redbagCampaigns.merchantId, merchantId))
        .orderBy(desc(redbagCampaigns.createdAt))
        .limit(200);
    },

    async campaign(id: string) {
      const [row] = await campaignQuery(db).where(eq(redbagCampaigns.id, id)).limit(1);
      return row ?? null;
    },

    /**
     * Active campaigns of approved shops whose approved link serves `poiId` and which list it, in
     * their window or about to start, newest first; with the caller's packet of each.
     */
    async offeredIn(poiId: string, userId: string, now: Date) {
      return db
        .select({
          ...campaignColumns,
          mine: sql<string | null>`(select ${redbags.id} from ${redbags} where ${redbags.campaignId} = ${redbagCampaigns.id} and ${redbags.sharerId} = ${userId})`,
        })
        .from(redbagCampaigns)
        .innerJoin(couponBatches, eq(couponBatches.id, redbagCampaigns.batchId))
        .innerJoin(merchants, eq(merchants.id, redbagCampaigns.merchantId))
        .innerJoin(merchantCommunities, and(eq(merchantCommunities.merchantId, merchants.id), eq(merchantCommunities.poiId, poiId), eq(merchantCommunities.status, 'approved')))
        .where(
          and(
            eq(redbagCampaigns.status, 'active'),
            eq(merchants.status, 'approved'),
            sql`${poiId} = any(${couponBatches.communities})`,
            sql`${redbagCampaigns.endsAt} > ${now.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(desc(redbagCampaigns.createdAt))
        .limit(100);
    },

    /** The caller's packets, newest first. */
    async mine(userId: string) {
      return db
        .select({
          id: redbags.id,
          title: redbagCampaigns.title,
          merchantName: merchants.name,
          packetFen: redbagCampaigns.packetFen,
          shares: redbagCampaigns.shares,
          opened: redbags.opened,
          createdAt: redbags.createdAt,
        })
        .from(redbags)
        .innerJoin(redbagCampaigns, eq(redbagCampaigns.id, redbags.campaignId))
        .innerJoin(merchants, eq(merchants.id, redbagCampaigns.merchantId))
        .where(eq(redbags.sharerId, userId))
        .orderBy(desc(redbags.createdAt))
        .limit(100);
    },

    /**
     * Starts the caller's packet: one per person per campaign (the unique index), never more than
     * `packets` (the counter moves only below it, under the campaign row's lock), and its first
     * share is the starter's. Answers why not as 'mine' | 'gone'.
     */
    async start(c: CampaignRef, userId: string, poiId: string, amounts: number[], validUntil: Date) {
      return db.transaction(async (tx) => {
        const [bag] = await tx
          .insert(redbags)
          .values({ campaignId: c.id, sharerId: userId, poiId, amounts, opened: 1 })
          .onConflictDoNothing()
          .returning({ id: redbags.id });
        if (!bag) return { refused: 'mine' as const };
        const [counted] = await tx
          .update(redbagCampaigns)
          .set({ packetsStarted: sql`${redbagCampaigns.packetsStarted} + 1` })
          .where(and(eq(redbagCampaigns.id, c.id), sql`${redbagCampaigns.packetsStarted} < ${redbagCampaigns.packets}`))
          .returning({ id: redbagCampaigns.id });
        if (!counted) {
          tx.rollback();
        }
        const couponId = await giveShare(tx, c, bag.id, 0, amounts[0]!, userId, poiId, validUntil);
        return { redbagId: bag.id, couponId, amountFen: amounts[0]!, idx: 0 };
      }).catch((e: unknown) => {
        if (e instanceof TransactionRollbackError) return { refused: 'gone' as const };
        throw e;
      });
    },

    /** A packet with its campaign's id and sharer. */
    async packet(id: string) {
      const [row] = await db
        .select({ id: redbags.id, campaignId: redbags.campaignId, sharerId: redbags.sharerId, sharer: sql<string>`coalesce(${users.username}, '')`, opened: redbags.opened, amounts: redbags.amounts })
        .from(redbags)
        .innerJoin(users, eq(users.id, redbags.sharerId))
        .where(eq(redbags.id, id))
        .limit(1);
      return row ?? null;
    },

    /** The caller's share of a packet, if any. */
    async shareOf(redbagId: string, userId: string) {
      const [row] = await db
        .select({ amountFen: redbagShares.amountFen, couponId: redbagShares.couponId })
        .from(redbagShares)
        .where(and(eq(redbagShares.redbagId, redbagId), eq(redbagShares.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    /**
     * Opens the next share under the packet row's lock: once per person, never past the last.
     * Answers the share, or 'mine' (opened one before) | 'empty'.
     */
    async open(c: CampaignRef, redbagId: string, userId: string, poiId: string, validUntil: Date) {
      return db.transaction(async (tx) => {
        const [bag] = rowsOf<{ opened: number; amounts: number[] }>(await tx.execute(sql`select opened, amounts from ${redbags} where id = ${redbagId} for update`));
        if (!bag) return { refused: 'empty' as const };
        const [had] = await tx.select({ n: sql<number>`1` }).from(redbagShares).where(and(eq(redbagShares.redbagId, redbagId), eq(redbagShares.userId, userId))).limit(1);
        if (had) return { refused: 'mine' as const };
        if (bag.opened >= bag.amounts.length) return { refused: 'empty' as const };
        const idx = bag.opened;
        const amountFen = bag.amounts[idx]!;
        const couponId = await giveShare(tx, c, redbagId, idx, amountFen, userId, poiId, validUntil);
        await tx.update(redbags).set({ opened: idx + 1 }).where(eq(redbags.id, redbagId));
        return { redbagId, couponId, amountFen, idx };
      });
    },

    /** Who opened a packet, in order: screen names and amounts only. */
    async openers(redbagId: string) {
      return db
        .select({ userId: redbagShares.userId, name: sql<string>`coalesce(${users.username}, '')`, amountFen: redbagShares.amountFen, openedAt: redbagShares.openedAt })
        .from(redbagShares)
        .innerJoin(users, eq(users.id, redbagShares.userId))
        .where(eq(redbagShares.redbagId, redbagId))
        .orderBy(redbagShares.idx);
    },
  };
}
export type RedbagRepo = ReturnType<typeof createRedbagRepo>;
