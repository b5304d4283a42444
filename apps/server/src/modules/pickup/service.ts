import { beijingDate } from '@sq/contract/beijing-time';
import { holderCodeCurrent, holderSignatureValid, parseHolderCode } from '@sq/contract/codes/holder-code';
import type { EndpointData } from '@sq/contract/endpoint';
import { PickupMsg, type getPickupDayList, type getPickupKit, type listMyPickups, type PickupOrder, type sendOfflinePickups } from '@sq/contract/pickup/pickup';
import { maskMobile } from '@sq/contract/rules';
import type { Db } from '../../db/client';
import type { PiiCipher } from '../../lib/crypto';
import { AppError, badRequest } from '../../lib/errors';
import type { Caller } from '../auth/caller';
import type { HolderKeysRepo } from '../holder-keys/repo';
import type { LineRow, OrderRow, PickupRepo } from './repo';
import type { SellerAccess, SellerScope } from './sellers';
import { settleIfDone } from './settlement';

/** How long a scanner's offline kit may be used (as the coupon counter's). */
export const PICKUP_KIT_HOURS = 24;
/** Orders one kit carries at most (soonest pickup first). */
export const PICKUP_KIT_MAX = 2000;
const FUTURE_SLACK_MS = 60_000;
const unix = (at: Date) => Math.floor(at.getTime() / 1000);

/**
 * 提货 (issue 36 item 3): a pickup code checked (its holder's signature, its step on the clock of the
 * scan, its seller), then units handed over – online at once, or offline from the kit and applied
 * when the queue is sent. A fully handed-over order is settled (settlement.ts).
 */
export function createPickupService(deps: { db: Db; repo: PickupRepo; sellers: SellerAccess; keys: HolderKeysRepo; pii: PiiCipher; now: () => Date }) {
  const { db, repo, sellers, keys, pii, now } = deps;

  const viewOf = (o: OrderRow, lines: LineRow[]): PickupOrder => ({
    orderId: o.id,
    orderNo: o.orderNo,
    groupBuyTitle: o.groupBuyTitle,
    pickupPoint: o.pickupPoint,
    buyer: { name: o.buyerName, mobile: maskMobile(pii.decrypt(o.buyerMobileEnc)) },
    totalFen: o.totalFen,
    refundedFen: o.refundedFen,
    status: o.status,
    refundOpen: o.refundOpen,
    lines: lines.map((l) => ({ itemId: l.itemId, name: l.name, priceFen: l.priceFen, qty: l.qty, collected: l.collected, refunded: l.refunded + l.asked })),
  });

  async function viewsOf(rows: OrderRow[]) {
    const lines = await repo.lines(db, rows.map((r) => r.id));
    return rows.map((r) => viewOf(r, lines.get(r.id) ?? []));
  }

  /** The order a code names, checked at `at` and against the seller; refused in words otherwise. */
  async function orderOfCode(scope: SellerScope, code: string, at: Date): Promise<OrderRow> {
    const parsed = parseHolderCode(code);
    if (!parsed || parsed.prefix !== 'OP1') throw badRequest(PickupMsg.notOrder);
    const order = await repo.order(db, parsed.id);
    const publicKey = order && (await keys.active(order.userId, parsed.kid));
    if (!order || !publicKey || !holderSignatureValid(parsed, publicKey)) throw badRequest(PickupMsg.badCode);
    if (!holderCodeCurrent(parsed, at.getTime())) throw badRequest(PickupMsg.staleCode);
    // Nothing of another seller's order is told.
    if (order.seller !== scope.sellerId) throw badRequest(PickupMsg.otherSeller);
    if (order.status === 'collected' || order.status === 'refunded') throw badRequest(PickupMsg.done);
    if (order.status !== 'paid') throw badRequest(PickupMsg.notPaid);
    // Before its window closes a group buy may still fail 成团 and refund everyone: nothing is handed over yet.
    if (order.groupBuyStatus !== 'succeeded') throw badRequest(PickupMsg.notYet);
    return order;
  }

  /**
   * Raises the lines' collected units to the targets, in one transaction with the order locked: a
   * target above what is left (ordered − refunded − asked in an open refund) is refused, one at or
   * below what is collected already changes nothing. Settles the order when it is done.
   */
  async function collect(scope: SellerScope, orderId: string, targets: { itemId: string; collected: number }[], at: Date): Promise<PickupOrder> {
    await db.transaction(async (tx) => {
      await repo.lock(tx, orderId);
      const order = await repo.order(tx, orderId);
      if (!order || order.seller !== scope.sellerId) throw badRequest(PickupMsg.otherSeller);
      if (order.status !== 'paid' && order.status !== 'collected') throw badRequest(PickupMsg.notPaid);
      if (order.groupBuyStatus !== 'succeeded') throw badRequest(PickupMsg.notYet);
      const lines = (await repo.lines(tx, [orderId])).get(orderId) ?? [];
      for (const t of targets) {
        const line = lines.find((l) => l.itemId === t.itemId);
        if (!line) throw badRequest(PickupMsg.lines);
        if (t.collected <= line.collected) continue;
        if (order.status !== 'paid' || t.collected > line.qty - line.refunded - line.asked) throw badRequest(PickupMsg.tooMany);
        await repo.collect(tx, orderId, t.itemId, t.collected);
      }
      await settleIfDone(tx, orderId, at);
    });
    const order = await repo.order(db, orderId);
    return (await viewsOf([order!]))[0]!;
  }

  return {
    async mySellers(caller: Caller) {
      return { sellers: await sellers.mine(caller.userId) };
    },

    async check(caller: Caller, sellerId: string, code: string): Promise<PickupOrder> {
      const scope = await sellers.require(caller, sellerId, PickupMsg.notSeller);
      const order = await orderOfCode(scope, code, now());
      return (await viewsOf([order]))[0]!;
    },

    async collect(caller: Caller, sellerId: string, body: { orderId: string; lines: { itemId: string; collected: number }[] }): Promise<PickupOrder> {
      const scope = await sellers.require(caller, sellerId, PickupMsg.notSeller);
      return collect(scope, body.orderId, body.lines, now());
    },

    /** Pickups made offline: each code checked at the time of its scan, its units applied once (targets, not increments). */
    async offline(caller: Caller, sellerId: string, scans: { code: string; at: number; lines: { itemId: string; collected: number }[] }[]): Promise<EndpointData<typeof sendOfflinePickups>> {
      const scope = await sellers.require(caller, sellerId, PickupMsg.notSeller);
      const results: { code: string; ok: boolean; message: string | null }[] = [];
      for (const scan of scans) {
        const arrived = now().getTime();
        try {
          if (scan.at > arrived + FUTURE_SLACK_MS || scan.at < arrived - PICKUP_KIT_HOURS * 3_600_000) throw badRequest(PickupMsg.time);
          const parsed = parseHolderCode(scan.code);
          const known = parsed && (await repo.order(db, parsed.id));
          // Sent again after it was applied (and the order completed): nothing more to do, not an error.
          if (known && known.seller === scope.sellerId && known.status === 'collected') {
            await orderOfCodeSigned(scope, scan.code, new Date(scan.at));
            results.push({ code: scan.code, ok: true, message: null });
            continue;
          }
          const order = await orderOfCode(scope, scan.code, new Date(scan.at));
          await collect(scope, order.id, scan.lines, new Date(scan.at));
          results.push({ code: scan.code, ok: true, message: null });
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          results.push({ code: scan.code, ok: false, message: e.message });
        }
      }
      return { results };
    },

    async kit(caller: Caller, sellerId: string): Promise<EndpointData<typeof getPickupKit>> {
      const scope = await sellers.require(caller, sellerId, PickupMsg.notSeller);
      const at = now();
      const rows = await repo.sellerWaiting(scope.sellerId, PICKUP_KIT_MAX);
      const held = await keys.activeOf([...new Set(rows.map((r) => r.userId))]);
      const views = await viewsOf(rows);
      return {
        sellerId: scope.sellerId,
        name: scope.name,
        serverTime: at.getTime(),
        validUntil: at.getTime() + PICKUP_KIT_HOURS * 3_600_000,
        orders: views.map((v, i) => ({ ...v, keys: held.get(rows[i]!.userId) ?? [] })),
      };
    },

    /** 待取: the seller's paid orders by pickup point and Beijing day of the pickup, with totals per item. */
    async dayList(caller: Caller, sellerId: string): Promise<EndpointData<typeof getPickupDayList>> {
      const scope = await sellers.require(caller, sellerId, PickupMsg.notSeller);
      const rows = await repo.sellerWaiting(scope.sellerId, PICKUP_KIT_MAX);
      const views = await viewsOf(rows);
      const groups = new Map<string, EndpointData<typeof getPickupDayList>['groups'][number]>();
      rows.forEach((r, i) => {
        const date = beijingDate(r.pickupFrom);
        const key = `${date}|${r.pickupPoint}`;
        const g = groups.get(key) ?? { pickupPoint: r.pickupPoint, date, totals: [], orders: [] };
        const v = views[i]!;
        g.orders.push(v);
        for (const l of v.lines) {
          const waiting = l.qty - l.collected - l.refunded;
          if (waiting <= 0) continue;
          const t = g.totals.find((x) => x.name === l.name);
          if (t) t.qty += waiting;
          else g.totals.push({ name: l.name, qty: waiting });
        }
        groups.set(key, g);
      });
      return { name: scope.name, groups: [...groups.values()] };
    },

    /** The resident's own paid orders waiting for pickup. */
    async mine(caller: Caller): Promise<EndpointData<typeof listMyPickups>> {
      const rows = await repo.buyerWaiting(caller.userId, 200);
      const views = await viewsOf(rows);
      return {
        serverTime: now().getTime(),
        orders: rows.map((r, i) => ({
          orderId: r.id,
          orderNo: r.orderNo,
          groupBuyTitle: r.groupBuyTitle,
          pickupPoint: r.pickupPoint,
          pickupFrom: unix(r.pickupFrom),
          pickupUntil: unix(r.pickupUntil),
          totalFen: r.totalFen,
          lines: views[i]!.lines,
        })),
      };
    },

  };

  /** A code's signature and time checked for an order already completed (a re-sent offline scan). */
  async function orderOfCodeSigned(scope: SellerScope, code: string, at: Date) {
    const parsed = parseHolderCode(code)!;
    const order = (await repo.order(db, parsed.id))!;
    const publicKey = await keys.active(order.userId, parsed.kid);
    if (!publicKey || !holderSignatureValid(parsed, publicKey)) throw badRequest(PickupMsg.badCode);
    if (!holderCodeCurrent(parsed, at.getTime())) throw badRequest(PickupMsg.staleCode);
    if (order.seller !== scope.sellerId) throw badRequest(PickupMsg.otherSeller);
  }
}
export type PickupService = ReturnType<typeof createPickupService>;
