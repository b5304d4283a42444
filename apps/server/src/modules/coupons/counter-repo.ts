import { alias } from 'drizzle-orm/pg-core';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { RedeemVia } from '@sq/contract/coupons/coupon-rules';
import { rowsOf, type Db } from '../../db/client';
import { cursorText, olderThan, type KeysetCursor } from '../../db/keyset';
import { couponBatches, coupons, users } from '../../db/schema';
import { awardPoints } from '../levels/points';

/** A coupon as the counter checks it, with its holder as a shop may see them (name; the mobile still sealed). */
const counterColumns = {
  id: coupons.id,
  batchId: coupons.batchId,
  merchantId: coupons.merchantId,
  userId: coupons.userId,
  poiId: coupons.poiId,
  ownValueFen: coupons.valueFen,
  status: coupons.status,
  validUntil: coupons.validUntil,
  usedAt: coupons.usedAt,
  usedBy: coupons.usedBy,
  title: couponBatches.title,
  kind: couponBatches.kind,
  valueFen: couponBatches.valueFen,
  thresholdFen: couponBatches.thresholdFen,
  payPercent: couponBatches.payPercent,
  item: couponBatches.item,
  rules: couponBatches.rules,
  holderName: users.username,
  holderMobileEnc: users.mobileEnc,
};
const selectCounter = (db: Db) => db.select(counterColumns).from(coupons).innerJoin(couponBatches, eq(couponBatches.id, coupons.batchId)).innerJoin(users, eq(users.id, coupons.userId));
export type CounterCoupon = Awaited<ReturnType<typeof selectCounter>>[number];

const clerks = alias(users, 'clerk');

/** The counter's reads and its one write: a coupon used once, its batch counted, its holder's points. */
export function createCounterRepo(db: Db) {
  const select = () => selectCounter(db);

  return {
    async coupon(id: string): Promise<CounterCoupon | null> {
      const [row] = await select().where(eq(coupons.id, id));
      return row ?? null;
    },

    /**
     * Uses the coupon once: the UPDATE has `status = 'unused'` in its WHERE, so of parallel scans
     * one wins; the batch's `used` and the holder's points move in the same transaction. Null: it
     * was used already (by a scan that came first). `level`: the level the holder reached.
     */
    async redeem(p: { id: string; batchId: string; holderId: string; poiId: string; by: string; at: Date; via: RedeemVia }): Promise<{ level: number | null } | null> {
      return db.transaction(async (tx) => {
        const at = sql`${p.at.toISOString()}::timestamptz`;
        const done = rowsOf(
          await tx.execute(sql`update coupons set status = 'used', used_at = ${at}, used_by = ${p.by}, redeemed_via = ${p.via},
              scanned_at = ${p.via === 'offline' ? at : null}
            where id = ${p.id} and status = 'unused' returning id`),
        );
        if (!done.length) return null;
        await tx.execute(sql`update coupon_batches set used = used + 1 where id = ${p.batchId}`);
        const level = await awardPoints(tx, { userId: p.holderId, reason: 'couponUsed', ref: p.id, poiId: p.poiId });
        return { level };
      });
    },

    /** The shop's unused coupons valid after `at`, soonest to expire first (the counter's offline kit). */
    async unused(merchantId: string, at: Date, limit: number) {
      return select()
        .where(and(eq(coupons.merchantId, merchantId), eq(coupons.status, 'unused'), gt(coupons.validUntil, at)))
        .orderBy(asc(coupons.validUntil), asc(coupons.id))
        .limit(limit);
    },

    /** The shop's redemptions, newest first. */
    async redemptions(p: { merchantId: string; batchId?: string; after: KeysetCursor | null; limit: number }) {
      return db
        .select({ ...counterColumns, via: coupons.redeemedVia, clerk: clerks.username, cursorAt: cursorText(coupons.usedAt) })
        .from(coupons)
        .innerJoin(couponBatches, eq(couponBatches.id, coupons.batchId))
        .innerJoin(users, eq(users.id, coupons.userId))
        .leftJoin(clerks, eq(clerks.id, coupons.usedBy))
        .where(and(eq(coupons.merchantId, p.merchantId), eq(coupons.status, 'used'), p.batchId ? eq(coupons.batchId, p.batchId) : undefined, olderThan(coupons.usedAt, coupons.id, p.after)))
        .orderBy(desc(coupons.usedAt), desc(coupons.id))
        .limit(p.limit);
    },

    /** Claims and redemptions per Beijing day from `since` (a Beijing midnight). */
    async perDay(merchantId: string, since: Date) {
      return rowsOf<{ date: string; claimed: number; used: number }>(
        await db.execute(sql`
          with c as (select to_char(claimed_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as date, count(*)::int as n
                     from coupons where merchant_id = ${merchantId} and claimed_at >= ${since.toISOString()}::timestamptz group by 1),
               u as (select to_char(used_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as date, count(*)::int as n
                     from coupons where merchant_id = ${merchantId} and status = 'used' and used_at >= ${since.toISOString()}::timestamptz group by 1)
          select coalesce(c.date, u.date) as date, coalesce(c.n, 0)::int as claimed, coalesce(u.n, 0)::int as used
          from c full join u on u.date = c.date`),
      );
    },

    async batchTotals(merchantId: string, limit: number) {
      return db
        .select({ id: couponBatches.id, title: couponBatches.title, total: couponBatches.total, claimed: couponBatches.claimed, used: couponBatches.used })
        .from(couponBatches)
        .where(eq(couponBatches.merchantId, merchantId))
        .orderBy(desc(couponBatches.createdAt), desc(couponBatches.id))
        .limit(limit);
    },
  };
}
export type CounterRepo = ReturnType<typeof createCounterRepo>;
