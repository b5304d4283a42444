import { randomBytes } from 'node:crypto';
import type { EndpointData } from '@sq/contract/endpoint';
import { REFUND_STATE_NAMES, RefundMsg, type getRefundable, type RefundState, type RefundView } from '@sq/contract/refunds/refunds';
import { WebRoute } from '@sq/contract/routes';
import { maskMobile } from '@sq/contract/rules';
import { imageUrl } from '@sq/contract/images/image-rules';
import type { Db } from '../../db/client';
import type { PiiCipher } from '../../lib/crypto';
import { badRequest, notFound } from '../../lib/errors';
import type { Caller } from '../auth/caller';
import type { ImageUses } from '../images/uses';
import type { NotificationService } from '../notifications/service';
import type { PaymentsPort } from '../payments/port';
import type { PickupRepo } from '../pickup/repo';
import type { SellerAccess } from '../pickup/sellers';
import { settleIfDone } from '../pickup/settlement';
import type { RefundRow, RefundsRepo } from './repo';

const unix = (at: Date | string) => Math.floor(new Date(at).getTime() / 1000);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * 退款 (issue 36 item 4). A request locks its order, so parallel requests cannot together ask more
 * than was paid: units per line ≤ ordered − refunded − asked by open refunds − (before pickup)
 * collected; the amount ≤ paid − refunded − open refunds. The seller decides; an agreed refund goes
 * to the payments port, whose completion posts the ledger.
 */
export function createRefundsService(deps: { db: Db; repo: RefundsRepo; pickup: PickupRepo; sellers: SellerAccess; images: ImageUses; notices: Pick<NotificationService, 'refund'>; payments: PaymentsPort; pii: PiiCipher; now: () => Date }) {
  const { db, repo, pickup, sellers, images, notices, payments, pii, now } = deps;

  const viewOf = (r: RefundRow, forSeller: boolean): RefundView => {
    // The buyer is not told of a provider failure: it is retried, and reads 退款中 until done.
    const state: RefundState = !forSeller && r.status === 'failed' ? 'refunding' : r.status;
    return {
      id: r.id,
      orderId: r.orderId,
      orderNo: r.orderNo,
      groupBuyTitle: r.title,
      amountFen: r.amountFen,
      lines: r.lines.map((l) => ({ itemId: l.itemId, name: l.name ?? '', qty: l.qty })),
      reason: r.reason,
      photos: r.photos.map((p) => ({
        hash: p.hash,
        width: p.width,
        height: p.height,
        url: imageUrl(p.poiId, p.hash, 'web'),
        thumbUrl: imageUrl(p.poiId, p.hash, 'thumb'),
      })),
      state,
      stateName: REFUND_STATE_NAMES[state],
      refuseReason: r.refuseReason,
      createdAt: unix(r.createdAt),
      decidedAt: r.decidedAt ? unix(r.decidedAt) : null,
      buyer: forSeller ? { name: r.buyerName, mobile: maskMobile(pii.decrypt(r.buyerMobileEnc)) } : null,
    };
  };

  async function one(id: string) {
    if (!UUID.test(id)) return null;
    return repo.one(id);
  }

  /** The caller's own order (404 for anyone else's: an order's existence is not told). */
  async function ownOrder(caller: Caller, orderId: string) {
    const order = UUID.test(orderId) ? await pickup.order(db, orderId) : null;
    if (!order || order.userId !== caller.userId) throw notFound(RefundMsg.orderNotFound);
    return order;
  }

  return {
    async refundable(caller: Caller, orderId: string): Promise<EndpointData<typeof getRefundable>> {
      const order = await ownOrder(caller, orderId);
      const lines = (await pickup.lines(db, [order.id])).get(order.id) ?? [];
      const open = await repo.openSum(db, order.id);
      return {
        orderId: order.id,
        orderNo: order.orderNo,
        groupBuyTitle: order.groupBuyTitle,
        poiId: order.poiId,
        totalFen: order.totalFen,
        refundedFen: order.refundedFen,
        leftFen: order.status === 'paid' || order.status === 'collected' ? Math.max(0, order.totalFen - order.refundedFen - open) : 0,
        lines: lines.map((l) => ({
          itemId: l.itemId,
          name: l.name,
          priceFen: l.priceFen,
          qty: l.qty,
          uncollected: Math.max(0, l.qty - l.collected - l.refunded - l.asked),
          collected: l.collected,
        })),
      };
    },

    async request(caller: Caller, orderId: string, body: { lines: { itemId: string; qty: number }[]; afterPickup: boolean; reason: string; photos: string[] }) {
      const order = await ownOrder(caller, orderId);
      if (body.afterPickup && body.photos.length === 0) throw badRequest(RefundMsg.photos);
      if (!body.afterPickup && body.photos.length > 0) throw badRequest(RefundMsg.photosBefore);
      const id = await db.transaction(async (tx) => {
        await pickup.lock(tx, order.id);
        const now_ = await pickup.order(tx, order.id);
        if (!now_ || (now_.status !== 'paid' && now_.status !== 'collected')) throw badRequest(RefundMsg.notPaid);
        const lines = (await pickup.lines(tx, [order.id])).get(order.id) ?? [];
        let amount = 0;
        const seen = new Set<string>();
        for (const want of body.lines) {
          const l = lines.find((x) => x.itemId === want.itemId);
          if (!l || seen.has(want.itemId)) throw badRequest(RefundMsg.lines);
          seen.add(want.itemId);
          // Before pickup: units not handed over. After: units handed over (a bad item), less those already asked.
          const left = body.afterPickup ? l.collected - Math.max(0, l.refunded + l.asked + l.collected - l.qty) : l.qty - l.collected - l.refunded - l.asked;
          if (want.qty > left) throw badRequest(RefundMsg.tooMany);
          amount += want.qty * l.priceFen;
        }
        const open = await repo.openSum(tx, order.id);
        if (amount > now_.totalFen - now_.refundedFen - open) throw badRequest(RefundMsg.tooMuch);
        const refundId = crypto.randomUUID();
        const photos = body.photos.length
          ? (await images.use(tx as unknown as Db, { poiId: order.poiId, uploaderId: caller.userId, hashes: body.photos, ref: `refund:${refundId}`, missing: RefundMsg.photos })).map((p) => ({ ...p, poiId: order.poiId }))
          : [];
        const outRefundNo = `R${order.orderNo}${randomBytes(4).toString('hex').toUpperCase()}`;
        await repo.insert(tx, { id: refundId, orderId: order.id, outRefundNo, amountFen: amount, lines: body.lines, afterPickup: body.afterPickup, reason: body.reason, photos, at: now() });
        return refundId;
      });
      const r = (await one(id))!;
      for (const userId of await repo.sellerUsers(r.seller)) {
        await notices.refund({ userId, kind: 'refundRequested', poiId: r.poiId, what: r.title, link: WebRoute.pickupOrders, event: `asked:${r.id}:${userId}` });
      }
      return { refund: viewOf(r, false) };
    },

    async mine(caller: Caller) {
      return { refunds: (await repo.ofBuyer(caller.userId)).map((r) => viewOf(r, false)) };
    },

    async waiting(caller: Caller, sellerId: string) {
      const scope = await sellers.require(caller, sellerId, RefundMsg.notSeller);
      return { refunds: (await repo.waitingOfSeller(scope.sellerId)).map((r) => viewOf(r, true)) };
    },

    /** The seller agrees: 退款中 in one statement (a second agree finds it decided), then sent to the provider. */
    async agree(caller: Caller, refundId: string) {
      const r = await one(refundId);
      if (!r) throw notFound(RefundMsg.refundNotFound);
      await sellers.require(caller, r.seller, RefundMsg.notSeller);
      const done = await repo.agree(r.id, caller.userId, now());
      if (!done) throw badRequest(RefundMsg.notRequested);
      await notices.refund({ userId: r.buyerId, kind: 'refundDecided', poiId: r.poiId, what: r.title, reason: '已同意，款项将原路退回', link: WebRoute.orderRefunding, event: `decided:${r.id}` });
      await payments.sendRefund(r.id);
      return { refund: viewOf((await one(r.id))!, true) };
    },

    /** The seller refuses with a reason; an order left with every unit collected or refunded is settled. */
    async refuse(caller: Caller, refundId: string, reason: string) {
      const r = await one(refundId);
      if (!r) throw notFound(RefundMsg.refundNotFound);
      await sellers.require(caller, r.seller, RefundMsg.notSeller);
      await db.transaction(async (tx) => {
        await pickup.lock(tx, r.orderId);
        const done = await repo.refuse(tx, r.id, caller.userId, reason, now());
        if (!done) throw badRequest(RefundMsg.notRequested);
        await settleIfDone(tx, r.orderId, now());
      });
      await notices.refund({ userId: r.buyerId, kind: 'refundDecided', poiId: r.poiId, what: r.title, reason: `被拒绝：${reason}`, link: WebRoute.orderRefunding, event: `decided:${r.id}` });
      return { refund: viewOf((await one(r.id))!, true) };
    },
  };
}
export type RefundsService = ReturnType<typeof createRefundsService>;
