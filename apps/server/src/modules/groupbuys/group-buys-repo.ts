import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';
import { groupBuyItems, groupBuys, groupLeaders, merchantCommunities, merchants, merchantStaff, orderLines, orders } from '../../db/schema';
import type { ShopImage } from '../../db/schema/merchants';

export type GroupBuyRow = typeof groupBuys.$inferSelect;
export type ItemRow = typeof groupBuyItems.$inferSelect;

/** A group buy with what its card shows: the seller's name and the items' and buyers' sums. */
export interface CardRow extends GroupBuyRow {
  sellerName: string;
  priceFromFen: number;
  sold: number;
  stock: number;
  buyers: number;
}

/** Orders whose buyers count towards 成团: paid (collected ones were paid). */
export const PAID_STATUSES = ['paid', 'collected'] as const;

export function createGroupBuysRepo(db: Db) {
  async function cards(where: SQL, order: SQL, limit = 100): Promise<CardRow[]> {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select g.*, coalesce(l.display_name, m.name, '') as seller_name,
               (select min(i.price_fen) from group_buy_items i where i.group_buy_id = g.id) as price_from,
               (select coalesce(sum(i.sold), 0) from group_buy_items i where i.group_buy_id = g.id) as sold_sum,
               (select coalesce(sum(i.stock), 0) from group_buy_items i where i.group_buy_id = g.id) as stock_sum,
               (select count(distinct o.user_id) from orders o where o.group_buy_id = g.id and o.status in ('paid', 'collected')) as buyers
        from group_buys g
        left join group_leaders l on l.id = g.leader_id
        left join merchants m on m.id = g.merchant_id
        where ${where}
        order by ${order}
        limit ${limit}`),
    );
    return rows.map((r) => ({
      id: r.id as string,
      poiId: r.poi_id as string,
      merchantId: (r.merchant_id as string | null) ?? null,
      leaderId: (r.leader_id as string | null) ?? null,
      title: r.title as string,
      intro: r.intro as string,
      photos: r.photos as ShopImage[],
      commissionBp: Number(r.commission_bp),
      minOrders: Number(r.min_orders),
      perPersonLimit: Number(r.per_person_limit),
      opensAt: new Date(r.opens_at as string),
      closesAt: new Date(r.closes_at as string),
      pickupPoint: r.pickup_point as string,
      pickupFrom: new Date(r.pickup_from as string),
      pickupUntil: new Date(r.pickup_until as string),
      status: r.status as string,
      statusReason: (r.status_reason as string | null) ?? null,
      decidedAt: r.decided_at ? new Date(r.decided_at as string) : null,
      createdBy: (r.created_by as string | null) ?? null,
      createdAt: new Date(r.created_at as string),
      sellerName: r.seller_name as string,
      priceFromFen: Number(r.price_from ?? 0),
      sold: Number(r.sold_sum),
      stock: Number(r.stock_sum),
      buyers: Number(r.buyers),
    }));
  }

  return {
    /** On sale and coming in a community (open, window not closed), closing soonest first. */
    onSale: (poiId: string, at: Date) => cards(sql`g.poi_id = ${poiId} and g.status = 'open' and g.closes_at > ${at.toISOString()}::timestamptz`, sql`g.opens_at <= ${at.toISOString()}::timestamptz desc, g.closes_at asc`),
    /** Every group buy of a community, newest first (staff). */
    ofCommunity: (poiId: string) => cards(sql`g.poi_id = ${poiId}`, sql`g.created_at desc`, 200),
    /** What the person sells: as 团长 (their leader rows) or as a shop's owner. */
    ofSeller: (userId: string) =>
      cards(
        sql`(g.leader_id in (select id from group_leaders where user_id = ${userId}) or g.merchant_id in (select merchant_id from merchant_staff where user_id = ${userId} and role = 'owner'))`,
        sql`g.created_at desc`,
        200,
      ),
    async card(id: string): Promise<CardRow | null> {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
      return (await cards(sql`g.id = ${id}`, sql`g.id`, 1))[0] ?? null;
    },

    async items(groupBuyId: string): Promise<ItemRow[]> {
      return db.select().from(groupBuyItems).where(eq(groupBuyItems.groupBuyId, groupBuyId)).orderBy(asc(groupBuyItems.sort));
    },

    /** Units the person holds in unpaid and paid orders of the group buy (the per-person limit's count). */
    async unitsOf(db2: Db, groupBuyId: string, userId: string): Promise<number> {
      const [r] = await db2
        .select({ n: sql<string>`coalesce(sum(${orderLines.qty} - ${orderLines.refundedQty}), 0)` })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(and(eq(orders.groupBuyId, groupBuyId), eq(orders.userId, userId), inArray(orders.status, ['unpaid', 'paid', 'collected'])));
      return Number(r?.n ?? 0);
    },

    /** The person's approved 团长 row in the community, if any. */
    async approvedLeader(userId: string, poiId: string) {
      const [r] = await db
        .select()
        .from(groupLeaders)
        .where(and(eq(groupLeaders.userId, userId), eq(groupLeaders.poiId, poiId), eq(groupLeaders.status, 'approved')))
        .limit(1);
      return r ?? null;
    },

    async leader(id: string) {
      const [r] = await db.select().from(groupLeaders).where(eq(groupLeaders.id, id)).limit(1);
      return r ?? null;
    },

    /** Whether the shop (approved itself) is approved in the community. */
    async shopApprovedIn(merchantId: string, poiId: string): Promise<boolean> {
      const [r] = await db
        .select({ poiId: merchantCommunities.poiId })
        .from(merchantCommunities)
        .innerJoin(merchants, eq(merchants.id, merchantCommunities.merchantId))
        .where(and(eq(merchantCommunities.merchantId, merchantId), eq(merchantCommunities.poiId, poiId), eq(merchantCommunities.status, 'approved'), eq(merchants.status, 'approved')))
        .limit(1);
      return Boolean(r);
    },

    /** The shops the person owns, with the communities each is approved in (the publish form's choice). */
    async ownedShops(userId: string) {
      return db
        .select({ id: merchants.id, name: merchants.name, poiId: merchantCommunities.poiId })
        .from(merchantStaff)
        .innerJoin(merchants, eq(merchants.id, merchantStaff.merchantId))
        .innerJoin(merchantCommunities, eq(merchantCommunities.merchantId, merchants.id))
        .where(and(eq(merchantStaff.userId, userId), eq(merchantStaff.role, 'owner'), eq(merchants.status, 'approved'), eq(merchantCommunities.status, 'approved')));
    },

    async approvedLeadersOf(userId: string) {
      return db
        .select()
        .from(groupLeaders)
        .where(and(eq(groupLeaders.userId, userId), eq(groupLeaders.status, 'approved')));
    },
  };
}
export type GroupBuysRepo = ReturnType<typeof createGroupBuysRepo>;
