import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { cursorText, olderThan, type KeysetCursor } from '../../db/keyset';
import { couponBatches, coupons, memberLevels, merchantCommunities, merchants } from '../../db/schema';

/** A batch with its shop, as cards and checks read it. */
export const batchColumns = {
  id: couponBatches.id,
  merchantId: couponBatches.merchantId,
  channel: couponBatches.channel,
  title: couponBatches.title,
  kind: couponBatches.kind,
  valueFen: couponBatches.valueFen,
  thresholdFen: couponBatches.thresholdFen,
  payPercent: couponBatches.payPercent,
  item: couponBatches.item,
  total: couponBatches.total,
  claimed: couponBatches.claimed,
  used: couponBatches.used,
  perPerson: couponBatches.perPerson,
  claimStartsAt: couponBatches.claimStartsAt,
  claimEndsAt: couponBatches.claimEndsAt,
  validDays: couponBatches.validDays,
  minLevel: couponBatches.minLevel,
  communities: couponBatches.communities,
  rules: couponBatches.rules,
  status: couponBatches.status,
  createdAt: couponBatches.createdAt,
  merchantName: merchants.name,
  merchantCategory: merchants.category,
  merchantAddress: merchants.address,
  merchantStatus: merchants.status,
};
const selectBatches = (db: Db) => db.select(batchColumns).from(couponBatches).innerJoin(merchants, eq(merchants.id, couponBatches.merchantId));
export type BatchRow = Awaited<ReturnType<typeof selectBatches>>[number];

export const couponColumns = {
  id: coupons.id,
  batchId: coupons.batchId,
  merchantId: coupons.merchantId,
  userId: coupons.userId,
  poiId: coupons.poiId,
  ownValueFen: coupons.valueFen,
  status: coupons.status,
  validUntil: coupons.validUntil,
  claimedAt: coupons.claimedAt,
  usedAt: coupons.usedAt,
  usedBy: coupons.usedBy,
  channel: couponBatches.channel,
  title: couponBatches.title,
  kind: couponBatches.kind,
  valueFen: couponBatches.valueFen,
  thresholdFen: couponBatches.thresholdFen,
  payPercent: couponBatches.payPercent,
  item: couponBatches.item,
  rules: couponBatches.rules,
  merchantName: merchants.name,
  merchantAddress: merchants.address,
  merchantPhone: merchants.phone,
};
const selectCoupons = (db: Db) => db.select(couponColumns).from(coupons).innerJoin(couponBatches, eq(couponBatches.id, coupons.batchId)).innerJoin(merchants, eq(merchants.id, coupons.merchantId));
export type CouponRow = Awaited<ReturnType<typeof selectCoupons>>[number];

/** Where the claim's rows may be offered: an approved link of an approved shop, the batch's communities (empty: all). */
const offeredIn = (poiId: string) => sql`exists (select 1 from ${merchantCommunities} mc where mc.merchant_id = ${couponBatches.merchantId} and mc.poi_id = ${poiId} and mc.status = 'approved')
  and (cardinality(${couponBatches.communities}) = 0 or ${poiId} = any(${couponBatches.communities}))`;

export type ClaimOutcome = { coupon: CouponRow; left: number } | 'gone' | 'closed' | 'limit';

/** Coupon batches as residents see them, and their coupons: the only module that writes coupons on a claim. */
export function createCouponsRepo(db: Db) {
  async function coupon(id: string): Promise<CouponRow | null> {
    const [row] = await selectCoupons(db).where(eq(coupons.id, id));
    return row ?? null;
  }

  return {
    async batch(id: string): Promise<BatchRow | null> {
      const [row] = await selectBatches(db).where(eq(couponBatches.id, id));
      return row ?? null;
    },

    /** Whether the batch is offered in `poiId` (its shop approved there, and the batch names it or names none). */
    async offeredIn(batchId: string, poiId: string): Promise<boolean> {
      const [row] = await db.select({ id: couponBatches.id }).from(couponBatches).where(and(eq(couponBatches.id, batchId), offeredIn(poiId)));
      return Boolean(row);
    },

    /**
     * Claim-channel batches of shops approved in `poiId`, offered there, active and whose claim
     * window has not ended (those yet to start included), newest first.
     */
    async offered(p: { poiId: string; merchantId?: string; at: Date; after: KeysetCursor | null; limit: number }) {
      return db
        .select({ ...batchColumns, cursorAt: cursorText(couponBatches.createdAt) })
        .from(couponBatches)
        .innerJoin(merchants, eq(merchants.id, couponBatches.merchantId))
        .where(
          and(
            eq(couponBatches.channel, 'claim'),
            eq(couponBatches.status, 'active'),
            eq(merchants.status, 'approved'),
            sql`${couponBatches.claimEndsAt} > ${p.at.toISOString()}::timestamptz`,
            offeredIn(p.poiId),
            p.merchantId ? eq(couponBatches.merchantId, p.merchantId) : undefined,
            olderThan(couponBatches.createdAt, couponBatches.id, p.after),
          ),
        )
        .orderBy(desc(couponBatches.createdAt), desc(couponBatches.id))
        .limit(p.limit);
    },

    /** How many coupons of each batch the person holds (any state). */
    async heldOf(userId: string, batchIds: string[]): Promise<Map<string, number>> {
      if (!batchIds.length) return new Map();
      const rows = await db
        .select({ batchId: coupons.batchId, n: sql<number>`count(*)::int` })
        .from(coupons)
        .where(and(eq(coupons.userId, userId), inArray(coupons.batchId, batchIds)))
        .groupBy(coupons.batchId);
      return new Map(rows.map((r) => [r.batchId, r.n]));
    },

    async points(userId: string): Promise<number> {
      const [row] = await db.select({ points: memberLevels.points }).from(memberLevels).where(eq(memberLevels.userId, userId));
      return row?.points ?? 0;
    },

    /**
     * One coupon for the person, in one transaction whose first statement takes a place under the
     * batch's row lock (`claimed < total`): a rush never gives more than the batch holds, and the
     * same person's parallel claims wait for each other there, so the per-person count read after
     * it holds. Over the limit rolls the place back.
     */
    async claim(p: { batchId: string; userId: string; poiId: string; at: Date; validUntil: Date }): Promise<ClaimOutcome> {
      const over = new Error('over the per-person limit');
      try {
        return await db.transaction(async (tx) => {
          const taken = rowsOf<{ claimed: number; total: number; per_person: number; merchant_id: string }>(
            await tx.execute(sql`update coupon_batches set claimed = claimed + 1
              where id = ${p.batchId} and claimed < total and status = 'active' and channel = 'claim'
                and claim_starts_at <= ${p.at.toISOString()}::timestamptz and claim_ends_at > ${p.at.toISOString()}::timestamptz
              returning claimed, total, per_person, merchant_id`),
          );
          const place = taken[0];
          if (!place) return 'closed' as const;
          const [held] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from coupons where batch_id = ${p.batchId} and user_id = ${p.userId}`));
          if (held!.n >= place.per_person) throw over;
          const [row] = await tx
            .insert(coupons)
            .values({ batchId: p.batchId, merchantId: place.merchant_id, userId: p.userId, poiId: p.poiId, validUntil: p.validUntil, claimedAt: p.at })
            .returning({ id: coupons.id });
          return { id: row!.id, left: place.total - place.claimed };
        }).then(async (r) => (typeof r === 'string' ? r : { coupon: (await coupon(r.id))!, left: r.left }));
      } catch (e) {
        if (e === over) return 'limit';
        throw e;
      }
    },

    coupon,

    /** The person's coupons in one state: unused soonest to expire first; used and expired newest first. */
    async mine(p: { userId: string; state: 'unused' | 'used' | 'expired'; at: Date; after: KeysetCursor | null; limit: number }) {
      const at = sql`${p.at.toISOString()}::timestamptz`;
      let where: SQL | undefined;
      let key;
      if (p.state === 'unused') {
        key = coupons.validUntil;
        where = and(eq(coupons.status, 'unused'), sql`${coupons.validUntil} > ${at}`, p.after ? sql`(${coupons.validUntil}, ${coupons.id}) > (${p.after.at}::timestamptz, ${p.after.id}::uuid)` : undefined);
      } else if (p.state === 'used') {
        key = coupons.usedAt;
        where = and(eq(coupons.status, 'used'), olderThan(coupons.usedAt, coupons.id, p.after));
      } else {
        key = coupons.validUntil;
        where = and(eq(coupons.status, 'unused'), sql`${coupons.validUntil} <= ${at}`, olderThan(coupons.validUntil, coupons.id, p.after));
      }
      return db
        .select({ ...couponColumns, cursorAt: cursorText(key) })
        .from(coupons)
        .innerJoin(couponBatches, eq(couponBatches.id, coupons.batchId))
        .innerJoin(merchants, eq(merchants.id, coupons.merchantId))
        .where(and(eq(coupons.userId, p.userId), where))
        .orderBy(...(p.state === 'unused' ? [asc(key), asc(coupons.id)] : [desc(key), desc(coupons.id)]))
        .limit(p.limit);
    },

    async counts(userId: string, at: Date) {
      const [row] = rowsOf<{ unused: number; used: number; expired: number }>(
        await db.execute(sql`select
            count(*) filter (where status = 'unused' and valid_until > ${at.toISOString()}::timestamptz)::int as unused,
            count(*) filter (where status = 'used')::int as used,
            count(*) filter (where status = 'unused' and valid_until <= ${at.toISOString()}::timestamptz)::int as expired
          from coupons where user_id = ${userId}`),
      );
      return row!;
    },
  };
}
export type CouponsRepo = ReturnType<typeof createCouponsRepo>;
