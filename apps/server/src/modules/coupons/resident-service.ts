import { addDays, beijingDate, startOfBeijingDay } from '@sq/contract/beijing-time';
import { CouponMsg, type CouponState } from '@sq/contract/coupons/coupon-rules';
import { levelName, levelOf } from '@sq/contract/levels/level-rules';
import { MSG_NO_COMMUNITY, type AccessService } from '../access/service';
import type { Caller } from '../auth/caller';
import { idOf } from '../board/board-access';
import { decodeCursor, pageOf } from '../board/cursor';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import type { KeysetCursor } from '../../db/keyset';
import type { BatchRow, CouponsRepo } from './coupons-repo';
import { batchCardOf, myCouponOf } from './views';

/** Cards on one page of offered batches; coupons on one page of 我的优惠券. */
export const BATCH_PAGE_SIZE = 20;
export const COUPON_PAGE_SIZE = 20;

/** The end of a coupon's last valid day: Beijing midnight after the claim's day plus validDays − 1. */
export const validUntilOf = (claimedAt: Date, validDays: number) => startOfBeijingDay(addDays(beijingDate(claimedAt), validDays));

/** A cursor of these lists: the board's keyset cursor, 400 in the coupons' words when it is not one. */
function cursorOf(cursor: string | undefined): KeysetCursor | null {
  try {
    return decodeCursor(cursor);
  } catch {
    throw badRequest(CouponMsg.batchNotFound);
  }
}

/** Why the batch takes no claim at `at` (its state, then its window, then its count), or null. */
function closedReason(b: BatchRow, at: Date): string | null {
  if (b.status !== 'active') return CouponMsg.stopped;
  if (at < b.claimStartsAt) return CouponMsg.notStarted;
  if (at >= b.claimEndsAt) return CouponMsg.ended;
  if (b.claimed >= b.total) return CouponMsg.gone;
  return null;
}

/** 领券 and 我的优惠券 (issue 35 item 2): what residents see of the shops' batches and their own coupons. */
export function createResidentService(deps: { repo: CouponsRepo; access: AccessService; now: () => Date }) {
  const { repo, access, now } = deps;

  /** A claim-channel batch of a shop that is not suspended or withdrawn; 404 otherwise. */
  async function visibleBatch(id: string): Promise<BatchRow> {
    const batch = await repo.batch(idOf(id, CouponMsg.batchNotFound));
    if (!batch || batch.channel !== 'claim' || batch.merchantStatus !== 'approved') throw notFound(CouponMsg.batchNotFound);
    return batch;
  }

  return {
    async offered(caller: Caller | null, q: { poiId: string; merchantId?: string; cursor?: string }) {
      await access.requireCommunity(q.poiId);
      const rows = await repo.offered({ poiId: q.poiId, merchantId: q.merchantId, at: now(), after: cursorOf(q.cursor), limit: BATCH_PAGE_SIZE + 1 });
      const { rows: page, next } = pageOf(rows, BATCH_PAGE_SIZE);
      const held = caller ? await repo.heldOf(caller.userId, page.map((b) => b.id)) : new Map<string, number>();
      return { batches: page.map((b) => batchCardOf(b, held.get(b.id) ?? 0)), next };
    },

    async batch(caller: Caller | null, id: string) {
      const batch = await visibleBatch(id);
      const held = caller ? await repo.heldOf(caller.userId, [batch.id]) : new Map<string, number>();
      return { batch: batchCardOf(batch, held.get(batch.id) ?? 0) };
    },

    async claim(caller: Caller, id: string, poiId: string) {
      const batch = await visibleBatch(id);
      let member = false;
      try {
        member = (await access.requireReader(caller, poiId, beijingDate(now()), CouponMsg.notMember)).member;
      } catch (e) {
        // An unknown community is refused as one the batch is not offered in (nothing to learn).
        if (!(e instanceof AppError && e.message === MSG_NO_COMMUNITY)) throw e;
        throw forbidden(CouponMsg.notServed);
      }
      if (!member) throw forbidden(CouponMsg.notMember);
      if (!(await repo.offeredIn(batch.id, poiId))) throw forbidden(CouponMsg.notServed);
      const at = now();
      const closed = closedReason(batch, at);
      if (closed) throw badRequest(closed);
      if (batch.minLevel > 1 && levelOf(await repo.points(caller.userId)) < batch.minLevel) throw forbidden(`${CouponMsg.levelLow}${levelName(batch.minLevel)}`);
      const limit = `${CouponMsg.limit} ${batch.perPerson} 张`;
      // Cheap refusals first: a person at their limit takes no place, not even for a moment.
      if (((await repo.heldOf(caller.userId, [batch.id])).get(batch.id) ?? 0) >= batch.perPerson) throw badRequest(limit);
      const result = await repo.claim({ batchId: batch.id, userId: caller.userId, poiId, at, validUntil: validUntilOf(at, batch.validDays) });
      if (result === 'limit') throw badRequest(limit);
      if (result === 'closed' || result === 'gone') {
        // Stopped, ended or gone since the read above: say which.
        const fresh = (await repo.batch(batch.id))!;
        throw badRequest(closedReason(fresh, at) ?? CouponMsg.gone);
      }
      return { coupon: myCouponOf(result.coupon, at), left: result.left };
    },

    async mine(caller: Caller, q: { state: CouponState; cursor?: string }) {
      const at = now();
      const [rows, counts] = await Promise.all([
        repo.mine({ userId: caller.userId, state: q.state, at, after: cursorOf(q.cursor), limit: COUPON_PAGE_SIZE + 1 }),
        repo.counts(caller.userId, at),
      ]);
      const { rows: page, next } = pageOf(rows, COUPON_PAGE_SIZE);
      return { coupons: page.map((c) => myCouponOf(c, at)), next, counts };
    },

    /** The holder's own coupon; anyone else is told there is none (404), learning nothing of it. */
    async one(caller: Caller, id: string) {
      const coupon = await repo.coupon(idOf(id, CouponMsg.notFound));
      if (!coupon || coupon.userId !== caller.userId) throw notFound(CouponMsg.notFound);
      const at = now();
      return { coupon: myCouponOf(coupon, at), serverTime: at.getTime() };
    },
  };
}
export type ResidentService = ReturnType<typeof createResidentService>;
