import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { MerchantLinkStatus, MerchantStatus } from '@sq/contract/merchants/merchant-rules';
import type { Db } from '../../db/client';
import { auditLog, communities, communityAdmins, couponBatches, merchantCommunities, merchants, merchantStaff, staff, users, type ShopImage } from '../../db/schema';

export type { ShopImage };
export type MerchantRow = typeof merchants.$inferSelect;
export type LinkRow = { merchantId: string; poiId: string; community: string; status: MerchantLinkStatus; reason: string | null; distanceM: number; reviewedAt: Date | null };

/** Great-circle metres between a point and a community's (haversine, earth radius 6 371 km). */
const distanceSql = (lng: number, lat: number) =>
  sql<number>`round(2 * 6371000 * asin(sqrt(power(sin(radians(${communities.lat} - ${lat}) / 2), 2) + cos(radians(${lat})) * cos(radians(${communities.lat})) * power(sin(radians(${communities.lng} - ${lng}) / 2), 2))))::int`;

/** The shop's status from its links: approved anywhere, else pending anywhere, else returned. */
export function statusOf(links: readonly { status: string }[]): MerchantStatus {
  if (links.some((l) => l.status === 'approved')) return 'approved';
  if (links.some((l) => l.status === 'pending')) return 'pending';
  return 'returned';
}

export function createMerchantsRepo(db: Db) {
  return {
    /** Communities within `radiusM` of the point, nearest first (a bounding box first, then the exact distance). */
    async communitiesWithin(tx: Db, lng: number, lat: number, radiusM: number) {
      const dLat = radiusM / 111_000;
      const dLng = radiusM / (111_000 * Math.max(0.1, Math.cos((lat * Math.PI) / 180)));
      const d = distanceSql(lng, lat);
      return tx
        .select({ poiId: communities.poiId, distanceM: d })
        .from(communities)
        .where(and(sql`${communities.lat} between ${lat - dLat} and ${lat + dLat}`, sql`${communities.lng} between ${lng - dLng} and ${lng + dLng}`, sql`${d} <= ${radiusM}`))
        .orderBy(d);
    },

    async ownedBy(userId: string) {
      const [row] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.ownerId, userId)).limit(1);
      return row?.id ?? null;
    },

    async find(id: string): Promise<MerchantRow | null> {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
      const [row] = await db.select().from(merchants).where(eq(merchants.id, id)).limit(1);
      return (row as MerchantRow | undefined) ?? null;
    },

    async links(merchantIds: readonly string[]): Promise<LinkRow[]> {
      if (merchantIds.length === 0) return [];
      const rows = await db
        .select({
          merchantId: merchantCommunities.merchantId,
          poiId: merchantCommunities.poiId,
          community: communities.name,
          status: merchantCommunities.status,
          reason: merchantCommunities.reason,
          distanceM: merchantCommunities.distanceM,
          reviewedAt: merchantCommunities.reviewedAt,
        })
        .from(merchantCommunities)
        .innerJoin(communities, eq(communities.poiId, merchantCommunities.poiId))
        .where(inArray(merchantCommunities.merchantId, [...merchantIds]))
        .orderBy(merchantCommunities.distanceM);
      return rows as LinkRow[];
    },

    /** The communities the user reviews shops in: those they administer or manage (staff level 1). */
    async reviewedBy(userId: string): Promise<string[]> {
      const admin = await db.select({ poiId: communityAdmins.poiId }).from(communityAdmins).where(eq(communityAdmins.userId, userId));
      const managed = await db.select({ poiId: staff.poiId }).from(staff).where(and(eq(staff.userId, userId), eq(staff.level, 1)));
      return [...new Set([...admin, ...managed].map((r) => r.poiId))];
    },

    /** Shops with a link in `poiIds` (null: every shop) of the given link status (null: any), newest first. */
    async shopsFor(poiIds: readonly string[] | null, linkStatus: MerchantLinkStatus | null): Promise<MerchantRow[]> {
      if (poiIds && poiIds.length === 0) return [];
      const conds = [poiIds ? inArray(merchantCommunities.poiId, [...poiIds]) : undefined, linkStatus ? eq(merchantCommunities.status, linkStatus) : undefined].filter(Boolean);
      const ids = db.selectDistinct({ id: merchantCommunities.merchantId }).from(merchantCommunities).where(and(...conds));
      const rows = await db.select().from(merchants).where(inArray(merchants.id, ids)).orderBy(desc(merchants.updatedAt)).limit(100);
      return rows as MerchantRow[];
    },

    async userNames(ids: readonly string[]) {
      if (ids.length === 0) return new Map<string, { name: string; mobileEnc: string }>();
      const rows = await db.select({ id: users.id, name: users.username, mobileEnc: users.mobileEnc }).from(users).where(inArray(users.id, [...ids]));
      return new Map(rows.map((r) => [r.id, { name: r.name, mobileEnc: r.mobileEnc }]));
    },

    /** The shop's approved links in a community, with its row: what residents of `poiId` may see. */
    async approvedIn(poiId: string, category: string | undefined) {
      return db
        .select({ m: merchants, distanceM: merchantCommunities.distanceM })
        .from(merchantCommunities)
        .innerJoin(merchants, eq(merchants.id, merchantCommunities.merchantId))
        .where(and(eq(merchantCommunities.poiId, poiId), eq(merchantCommunities.status, 'approved'), eq(merchants.status, 'approved'), category ? eq(merchants.category, category) : undefined))
        .orderBy(merchantCommunities.distanceM, merchants.name)
        .limit(200);
    },

    /** Active claim-channel batches per shop offered in `poiId` now (open claim window, some left). */
    async couponCounts(merchantIds: readonly string[], poiId: string, at: Date): Promise<Map<string, number>> {
      if (merchantIds.length === 0) return new Map();
      const rows = await db
        .select({ merchantId: couponBatches.merchantId, n: sql<number>`count(*)::int` })
        .from(couponBatches)
        .where(
          and(
            inArray(couponBatches.merchantId, [...merchantIds]),
            eq(couponBatches.channel, 'claim'),
            eq(couponBatches.status, 'active'),
            sql`${couponBatches.claimStartsAt} <= ${at} and ${couponBatches.claimEndsAt} > ${at}`,
            sql`${couponBatches.claimed} < ${couponBatches.total}`,
            sql`(cardinality(${couponBatches.communities}) = 0 or ${poiId} = any(${couponBatches.communities}))`,
          ),
        )
        .groupBy(couponBatches.merchantId);
      return new Map(rows.map((r) => [r.merchantId, r.n]));
    },

    async staffOf(merchantId: string) {
      return db
        .select({ userId: merchantStaff.userId, role: merchantStaff.role, name: users.username, mobileEnc: users.mobileEnc, createdAt: merchantStaff.createdAt })
        .from(merchantStaff)
        .innerJoin(users, eq(users.id, merchantStaff.userId))
        .where(eq(merchantStaff.merchantId, merchantId))
        .orderBy(merchantStaff.createdAt);
    },

    async reviewLog(poiIds: readonly string[] | null, merchantIds: readonly string[] | null) {
      const scope = poiIds ? sql`(${inArray(auditLog.poiId, poiIds.length ? [...poiIds] : [''])} or ${inArray(auditLog.subjectId, merchantIds?.length ? [...merchantIds] : [''])})` : undefined;
      return db
        .select({ at: auditLog.createdAt, actor: users.username, subjectId: auditLog.subjectId, poiId: auditLog.poiId, action: auditLog.action, detail: auditLog.detail })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(and(sql`${auditLog.action} like 'merchant.%'`, scope))
        .orderBy(desc(auditLog.id))
        .limit(100);
    },

    async communityNames(poiIds: readonly string[]) {
      if (poiIds.length === 0) return new Map<string, string>();
      const rows = await db.select({ poiId: communities.poiId, name: communities.name }).from(communities).where(inArray(communities.poiId, [...poiIds]));
      return new Map(rows.map((r) => [r.poiId, r.name]));
    },

    async merchantNames(ids: readonly string[]) {
      if (ids.length === 0) return new Map<string, string>();
      const rows = await db.select({ id: merchants.id, name: merchants.name }).from(merchants).where(inArray(merchants.id, [...ids]));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /** Recomputes and stores the shop's status from its links (not for a suspended shop). */
    async settleStatus(tx: Db, merchantId: string, at: Date) {
      const links = await tx.select({ status: merchantCommunities.status }).from(merchantCommunities).where(eq(merchantCommunities.merchantId, merchantId));
      const status = statusOf(links);
      await tx.update(merchants).set({ status, updatedAt: at }).where(and(eq(merchants.id, merchantId), sql`${merchants.status} <> 'suspended'`));
      return status;
    },

  };
}
export type MerchantsRepo = ReturnType<typeof createMerchantsRepo>;
