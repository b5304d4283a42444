import { couponFace, type BatchChannel, type BatchStatus, type CouponKind, type CouponState } from '@sq/contract/coupons/coupon-rules';
import type { BatchCard, MyCoupon } from '@sq/contract/coupons/coupons';
import type { z } from 'zod';
import type { ZCouponTerms } from '@sq/contract/coupons/coupons';
import type { BatchRow, CouponRow } from './coupons-repo';

export const unixSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

type Terms = z.output<typeof ZCouponTerms>;

/** What a batch gives (a red-packet share's coupon carries its own value). */
export function termsOf(b: Pick<BatchRow, 'title' | 'kind' | 'valueFen' | 'thresholdFen' | 'payPercent' | 'item' | 'rules'>, ownValueFen: number | null = null): Terms {
  const kind = b.kind as CouponKind;
  const valueFen = ownValueFen ?? b.valueFen;
  const payPercent = b.payPercent;
  return {
    title: b.title,
    kind,
    valueFen: kind === 'cash' ? valueFen : null,
    thresholdFen: b.thresholdFen,
    payPercent: kind === 'discount' ? payPercent : null,
    item: kind === 'gift' ? b.item : null,
    face: couponFace({ kind, valueFen, thresholdFen: b.thresholdFen, payPercent, item: b.item }),
    rules: b.rules,
  };
}

export function batchCardOf(b: BatchRow, mine: number): BatchCard {
  return {
    ...termsOf(b),
    id: b.id,
    merchant: { id: b.merchantId, name: b.merchantName, category: b.merchantCategory, address: b.merchantAddress },
    channel: b.channel as BatchChannel,
    total: b.total,
    left: Math.max(0, b.total - b.claimed),
    perPerson: b.perPerson,
    claimStartsAt: unixSeconds(b.claimStartsAt),
    claimEndsAt: unixSeconds(b.claimEndsAt),
    validDays: b.validDays,
    minLevel: b.minLevel,
    status: b.status as BatchStatus,
    mine,
  };
}

/** A coupon's state at `at`: `expired` is an unused one past its date (nothing stores it). */
export const stateOf = (c: { status: string; validUntil: Date }, at: Date): CouponState => (c.status === 'used' ? 'used' : c.validUntil <= at ? 'expired' : 'unused');

export function myCouponOf(c: CouponRow, at: Date): MyCoupon {
  return {
    ...termsOf(c, c.ownValueFen),
    id: c.id,
    batchId: c.batchId,
    merchant: { id: c.merchantId, name: c.merchantName, address: c.merchantAddress, phone: c.merchantPhone },
    state: stateOf(c, at),
    validUntil: unixSeconds(c.validUntil),
    claimedAt: unixSeconds(c.claimedAt),
    usedAt: c.usedAt ? unixSeconds(c.usedAt) : null,
    fromRedbag: c.channel === 'redbag',
  };
}
