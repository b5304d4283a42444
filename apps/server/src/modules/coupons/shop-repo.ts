import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { BatchForm } from '@sq/contract/coupons/coupons';
import { rowsOf, type Db } from '../../db/client';
import { cursorText, olderThan, type KeysetCursor } from '../../db/keyset';
import { communities, couponBatches, merchantCommunities, merchants } from '../../db/schema';
import { batchColumns } from './coupons-repo';

/** A shop's own batches: published by its owner, listed for its staff, stopped early. */
export function createShopRepo(db: Db) {
  return {
    async merchant(id: string) {
      const [row] = await db.select({ status: merchants.status, name: merchants.name }).from(merchants).where(eq(merchants.id, id));
      return row ?? null;
    },

    /** The communities the shop is approved in, with their names. */
    async approvedLinks(merchantId: string): Promise<{ poiId: string; name: string }[]> {
      return db
        .select({ poiId: merchantCommunities.poiId, name: communities.name })
        .from(merchantCommunities)
        .innerJoin(communities, eq(communities.poiId, merchantCommunities.poiId))
        .where(and(eq(merchantCommunities.merchantId, merchantId), eq(merchantCommunities.status, 'approved')));
    },

    async names(poiIds: string[]): Promise<Map<string, string>> {
      if (!poiIds.length) return new Map();
      const rows = await db.select({ poiId: communities.poiId, name: communities.name }).from(communities).where(inArray(communities.poiId, poiIds));
      return new Map(rows.map((r) => [r.poiId, r.name]));
    },

    async insert(merchantId: string, form: BatchForm, createdBy: string, at: Date) {
      const [row] = await db
        .insert(couponBatches)
        .values({
          merchantId,
          channel: 'claim',
          title: form.title,
          kind: form.kind,
          valueFen: form.kind === 'cash' ? form.valueFen : null,
          thresholdFen: form.kind === 'gift' ? 0 : form.thresholdFen,
          payPercent: form.kind === 'discount' ? form.payPercent : null,
          item: form.kind === 'gift' ? form.item : null,
          total: form.total,
          perPerson: form.perPerson,
          claimStartsAt: new Date(form.claimStartsAt * 1000),
          claimEndsAt: new Date(form.claimEndsAt * 1000),
          validDays: form.validDays,
          minLevel: form.minLevel,
          communities: form.communities,
          rules: form.rules,
          createdBy,
          createdAt: at,
        })
        .returning({ id: couponBatches.id });
      return row!.id;
    },

    async batch(merchantId: string, id: string) {
      const [row] = await db
        .select(batchColumns)
        .from(couponBatches)
        .innerJoin(merchants, eq(merchants.id, couponBatches.merchantId))
        .where(and(eq(couponBatches.id, id), eq(couponBatches.merchantId, merchantId)));
      return row ?? null;
    },

    async page(merchantId: string, after: KeysetCursor | null, limit: number) {
      return db
        .select({ ...batchColumns, cursorAt: cursorText(couponBatches.createdAt) })
        .from(couponBatches)
        .innerJoin(merchants, eq(merchants.id, couponBatches.merchantId))
        .where(and(eq(couponBatches.merchantId, merchantId), olderThan(couponBatches.createdAt, couponBatches.id, after)))
        .orderBy(desc(couponBatches.createdAt), desc(couponBatches.id))
        .limit(limit);
    },

    /** Stops an active batch; false when it was stopped already. */
    async stop(merchantId: string, id: string): Promise<boolean> {
      const rows = rowsOf(await db.execute(sql`update coupon_batches set status = 'stopped' where id = ${id} and merchant_id = ${merchantId} and status = 'active' returning id`));
      return rows.length > 0;
    },
  };
}
export type ShopRepo = ReturnType<typeof createShopRepo>;
