import { and, eq } from 'drizzle-orm';
import { MerchantMsg, type MerchantRole, type MerchantStatus } from '@sq/contract/merchants/merchant-rules';
import type { Db } from '../../db/client';
import { merchants, merchantStaff } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import type { Caller } from '../auth/caller';

/** A shop the caller has been checked against as its owner or clerk: services take this, not a bare id. */
export type MerchantScope = {
  readonly merchantId: string;
  readonly role: MerchantRole;
  readonly name: string;
  readonly status: MerchantStatus;
  readonly __brand: 'MerchantScope';
};

/**
 * Who may act for a shop (DESIGN.md §9 "New roles"): its owner and clerks, scoped to that shop
 * only – every shop endpoint (coupons, the counter, red packets, the dashboard) starts here.
 * A shop that does not exist and one the caller has no role in are both 403, so a stranger's
 * guesses cannot tell which shop ids exist.
 */
export function createMerchantAccess(db: Db) {
  async function scopeOf(userId: string, merchantId: string): Promise<MerchantScope | null> {
    if (!/^[0-9a-f-]{36}$/i.test(merchantId)) return null;
    const [row] = await db
      .select({ role: merchantStaff.role, name: merchants.name, status: merchants.status })
      .from(merchantStaff)
      .innerJoin(merchants, eq(merchants.id, merchantStaff.merchantId))
      .where(and(eq(merchantStaff.merchantId, merchantId), eq(merchantStaff.userId, userId)))
      .limit(1);
    return row ? ({ merchantId, role: row.role as MerchantRole, name: row.name, status: row.status as MerchantStatus } as MerchantScope) : null;
  }

  return {
    scopeOf,

    /** The shop's owner or a clerk; 403 (您不是该店铺的店主或店员) for anyone else. */
    async requireStaff(caller: Caller, merchantId: string): Promise<MerchantScope> {
      const scope = await scopeOf(caller.userId, merchantId);
      if (!scope) throw forbidden(MerchantMsg.notMine);
      return scope;
    },

    /** The shop's owner only (publishing, clerks, red packets); a clerk gets 403 in words of their own. */
    async requireOwner(caller: Caller, merchantId: string): Promise<MerchantScope> {
      const scope = await scopeOf(caller.userId, merchantId);
      if (!scope) throw forbidden(MerchantMsg.notMine);
      if (scope.role !== 'owner') throw forbidden(MerchantMsg.ownerOnly);
      return scope;
    },

    /** The shops the caller works for, owner first (the counter's and the centre's chooser). */
    async shopsOf(userId: string) {
      const rows = await db
        .select({ merchantId: merchants.id, name: merchants.name, status: merchants.status, role: merchantStaff.role })
        .from(merchantStaff)
        .innerJoin(merchants, eq(merchants.id, merchantStaff.merchantId))
        .where(eq(merchantStaff.userId, userId));
      return rows
        .map((r) => ({ ...r, role: r.role as MerchantRole, status: r.status as MerchantStatus }))
        .sort((a, b) => (a.role === b.role ? a.name.localeCompare(b.name, 'zh') : a.role === 'owner' ? -1 : 1));
    },
  };
}
export type MerchantAccess = ReturnType<typeof createMerchantAccess>;

/** A shop not found by its public id (its page, a batch's shop): one message for every such case. */
export const merchantNotFound = () => notFound(MerchantMsg.notFound);
