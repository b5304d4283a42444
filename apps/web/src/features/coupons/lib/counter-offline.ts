import type { EndpointData } from '@sq/contract/endpoint';
import type { getCounterKit } from '@sq/contract/coupons/counter';
import { CouponMsg } from '@sq/contract/coupons/coupon-rules';
import { holderCodeCurrent, holderSignatureValid, parseHolderCode } from '@sq/contract/codes/holder-code';

/** The counter's kit as the phone keeps it, with the phone's time when it arrived (the clock offset). */
export type StoredCounterKit = EndpointData<typeof getCounterKit> & { receivedAt: number };

export type CouponVerdictState =
  | { kind: 'ok'; couponId: string; title: string; face: string; holder: { name: string; mobile: string }; repeat: boolean; offline?: boolean }
  | { kind: 'no'; message: string; offline?: boolean };

export const MSG_COUNTER_KIT_EXPIRED = '离线名单已过期，请联网后再核销';
/** Offline the phone cannot tell another shop's coupon from a used or expired one: it is not on the list. */
export const MSG_NOT_IN_KIT = '离线名单中没有这张优惠券（可能是其他店铺的、已使用或已过期的券），请联网后核验';

/** Coupons this counter redeemed (online, or offline and not yet sent), with the code it took. */
export type RedeemedHere = Map<string, string>;

/**
 * A coupon's code checked at the counter with no network, as the server would: a CP1 code signed
 * by the private half of one of its holder's keys in the kit (the kit holds public halves only: a
 * counter checks codes, it cannot make one), current on the server's clock (the kit's offset),
 * the coupon unused and unexpired on the kit and not redeemed here since. The very code redeemed
 * here, seen again (the phone held in view), is a green `repeat` – not sent twice; the same
 * coupon with any other code is refused as used. A kit past its validity checks nothing.
 */
export function checkCouponOffline(kit: StoredCounterKit, code: string, phoneNow: number, redeemed: RedeemedHere): { verdict: CouponVerdictState; at: number; couponId: string | null; repeat: boolean } {
  const at = phoneNow + (kit.serverTime - kit.receivedAt);
  const no = (message: string, couponId: string | null = null) => ({ verdict: { kind: 'no' as const, message, offline: true }, at, couponId, repeat: false });
  if (at > kit.validUntil) return no(MSG_COUNTER_KIT_EXPIRED);
  const parsed = parseHolderCode(code);
  if (!parsed || parsed.prefix !== 'CP1') return no(CouponMsg.notCoupon);
  const coupon = kit.coupons.find((c) => c.id === parsed.id);
  if (!coupon) return no(MSG_NOT_IN_KIT);
  const key = coupon.keys.find((k) => k.kid === parsed.kid);
  if (!key || !holderSignatureValid(parsed, key.publicKey)) return no(CouponMsg.badCode, coupon.id);
  const ok = (repeat: boolean) => ({ verdict: { kind: 'ok' as const, couponId: coupon.id, title: coupon.title, face: coupon.face, holder: coupon.holder, repeat, offline: true }, at, couponId: coupon.id, repeat });
  const before = redeemed.get(coupon.id);
  if (before === code) return ok(true);
  if (before !== undefined) return no(CouponMsg.used, coupon.id);
  if (!holderCodeCurrent(parsed, at)) return no(CouponMsg.staleCode, coupon.id);
  if (coupon.validUntil * 1000 < at) return no(CouponMsg.expired, coupon.id);
  redeemed.set(coupon.id, code);
  return ok(false);
}
