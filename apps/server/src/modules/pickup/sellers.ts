import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { forbidden } from '../../lib/errors';
import type { Caller } from '../auth/caller';

/** A seller the caller has been checked against: a shop they work for, or their own approved (or suspended) 团长 row. */
export type SellerScope = { readonly sellerId: string; readonly kind: 'leader' | 'shop'; readonly name: string; readonly poiId: string | null; readonly __brand: 'SellerScope' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Who may act for a group buy's seller (DESIGN.md §9 "New roles"): the 团长 who sells it (their own
 * approved row – or suspended: their open group buys still close and are handed over, and refunds
 * of them decided; docs/decisions/groupbuys.md), or the shop's owner and clerks. A seller id that does not exist and one the caller
 * does not act for are the same 403.
 */
export function createSellerAccess(db: Db) {
  async function scopeOf(userId: string, sellerId: string): Promise<SellerScope | null> {
    if (!UUID.test(sellerId)) return null;
    const [row] = rowsOf<{ kind: 'leader' | 'shop'; name: string; poi_id: string | null }>(
      await db.execute(sql`
        select 'leader' as kind, display_name as name, poi_id from group_leaders where id = ${sellerId} and user_id = ${userId} and status in ('approved', 'suspended')
        union all
        select 'shop', m.name, null from merchant_staff s join merchants m on m.id = s.merchant_id where s.merchant_id = ${sellerId} and s.user_id = ${userId}
        limit 1`),
    );
    return row ? ({ sellerId, kind: row.kind, name: row.name, poiId: row.poi_id } as SellerScope) : null;
  }

  return {
    scopeOf,
    async require(caller: Caller, sellerId: string, message: string): Promise<SellerScope> {
      const scope = await scopeOf(caller.userId, sellerId);
      if (!scope) throw forbidden(message);
      return scope;
    },
    /** Every seller the caller acts for: their approved 团长 rows, then their shops. */
    async mine(userId: string) {
      return rowsOf<{ id: string; kind: 'leader' | 'shop'; name: string; poiId: string | null }>(
        await db.execute(sql`
          select id, 'leader' as kind, display_name as name, poi_id as "poiId" from group_leaders where user_id = ${userId} and status in ('approved', 'suspended')
          union all
          select m.id, 'shop', m.name, null from merchant_staff s join merchants m on m.id = s.merchant_id where s.user_id = ${userId}`),
      );
    },
  };
}
export type SellerAccess = ReturnType<typeof createSellerAccess>;

/** The seller of a group buy as one id: its shop, or its 团长. */
export const SELLER_OF_BUY = sql.raw('coalesce(gb.merchant_id, gb.leader_id)');
