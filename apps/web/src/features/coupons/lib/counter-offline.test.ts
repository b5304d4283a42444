import { describe, expect, it } from 'vitest';
import { holderCodeAt, newHolderKeyPair } from '@sq/contract/codes/holder-code';
import { CouponMsg } from '@sq/contract/coupons/coupon-rules';
import { checkCouponOffline, MSG_COUNTER_KIT_EXPIRED, MSG_NOT_IN_KIT, type RedeemedHere, type StoredCounterKit } from './counter-offline';

const NOW = Date.UTC(2026, 10, 27, 4, 0, 0);
const COUPON = '6f9619ff-8b86-4011-b42d-00c04fc964ff';
const OTHER = '0e984725-c51c-4bf4-9960-e1c80e27aba0';
const pair = newHolderKeyPair();
const key = { kid: 7, privateKey: pair.privateKey };

function kit(over: Partial<StoredCounterKit> = {}): StoredCounterKit {
  return {
    merchantId: 'm',
    name: '好邻居咖啡',
    // The phone's clock runs 5 minutes behind the server's: the kit's offset corrects it.
    serverTime: NOW,
    receivedAt: NOW - 300_000,
    validUntil: NOW + 86_400_000,
    coupons: [{ id: COUPON, keys: [{ kid: 7, publicKey: pair.publicKey }], face: '满50减10', title: '开业券', holder: { name: '王阿姨', mobile: '138****0004' }, validUntil: NOW / 1000 + 86_400 }],
    ...over,
  };
}
const phoneNow = NOW - 300_000;

describe('a coupon checked at the counter with no network', () => {
  it('is redeemed once: green with face, title and holder; the same code held in view is a repeat; a later code of it is refused as used', () => {
    const redeemed: RedeemedHere = new Map();
    const code = holderCodeAt(key, 'coupon', COUPON, NOW).code;
    const first = checkCouponOffline(kit(), code, phoneNow, redeemed);
    expect(first.verdict).toEqual({ kind: 'ok', couponId: COUPON, title: '开业券', face: '满50减10', holder: { name: '王阿姨', mobile: '138****0004' }, repeat: false, offline: true });
    expect(first.at).toBe(NOW);
    expect(checkCouponOffline(kit(), code, phoneNow + 2000, redeemed)).toMatchObject({ verdict: { kind: 'ok', repeat: true }, repeat: true });
    const later = holderCodeAt(key, 'coupon', COUPON, NOW + 30_000).code;
    expect(checkCouponOffline(kit(), later, phoneNow + 30_000, redeemed).verdict).toEqual({ kind: 'no', message: CouponMsg.used, offline: true });
  });

  it('refuses a code signed by another key, a stale code, an expired coupon, one not on the list, text that is no coupon, and anything once the kit is too old', () => {
    const forged = holderCodeAt({ kid: 7, privateKey: newHolderKeyPair().privateKey }, 'coupon', COUPON, NOW).code;
    expect(checkCouponOffline(kit(), forged, phoneNow, new Map()).verdict).toMatchObject({ kind: 'no', message: CouponMsg.badCode });
    const stale = holderCodeAt(key, 'coupon', COUPON, NOW - 5 * 60_000).code;
    expect(checkCouponOffline(kit(), stale, phoneNow, new Map()).verdict).toMatchObject({ kind: 'no', message: CouponMsg.staleCode });
    const code = holderCodeAt(key, 'coupon', COUPON, NOW).code;
    const expired = kit({ coupons: kit().coupons.map((c) => ({ ...c, validUntil: NOW / 1000 - 1 })) });
    expect(checkCouponOffline(expired, code, phoneNow, new Map()).verdict).toMatchObject({ kind: 'no', message: CouponMsg.expired });
    const elsewhere = holderCodeAt(key, 'coupon', OTHER, NOW).code;
    expect(checkCouponOffline(kit(), elsewhere, phoneNow, new Map()).verdict).toMatchObject({ kind: 'no', message: MSG_NOT_IN_KIT });
    expect(checkCouponOffline(kit(), 'https://example.com/x', phoneNow, new Map()).verdict).toMatchObject({ kind: 'no', message: CouponMsg.notCoupon });
    expect(checkCouponOffline(kit({ validUntil: NOW - 1 }), code, phoneNow, new Map()).verdict).toMatchObject({ kind: 'no', message: MSG_COUNTER_KIT_EXPIRED });
  });

  it('refuses a coupon this counter redeemed before the network went (its code of then is not the one shown now)', () => {
    const redeemed: RedeemedHere = new Map([[COUPON, holderCodeAt(key, 'coupon', COUPON, NOW - 60_000).code]]);
    expect(checkCouponOffline(kit(), holderCodeAt(key, 'coupon', COUPON, NOW).code, phoneNow, redeemed).verdict).toMatchObject({ kind: 'no', message: CouponMsg.used });
  });
});
