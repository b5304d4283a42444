import type { EndpointData } from '@sq/contract/endpoint';
import { beijingDateTime } from '@sq/contract/beijing-time';
import { holderCodeCurrent, holderSignatureValid, parseHolderCode } from '@sq/contract/codes/holder-code';
import { CouponMsg, type RedeemVia } from '@sq/contract/coupons/coupon-rules';
import type { getCounterKit, RedeemVerdict, sendOfflineRedemptions } from '@sq/contract/coupons/counter';
import { RESCAN_GRACE_MS } from '@sq/contract/pass/code-steps';
import { maskMobile } from '@sq/contract/rules';
import type { PiiCipher } from '../../lib/crypto';
import { AppError, badRequest } from '../../lib/errors';
import type { Caller } from '../auth/caller';
import type { HolderKeysRepo } from '../holder-keys/repo';
import type { MerchantAccess, MerchantScope } from '../merchants/merchant-access';
import type { CounterCoupon, CounterRepo } from './counter-repo';
import { termsOf, unixSeconds } from './views';

/** How long a counter's offline kit may be used: a day without network (a basement shop), then it must be renewed. */
export const COUNTER_KIT_HOURS = 24;
/** Coupons one kit carries at most (soonest to expire first). */
export const COUNTER_KIT_MAX = 5000;
/** An offline scan's time further ahead of the server's clock than this is not believed. */
const FUTURE_SLACK_MS = 60_000;

/** Someone who reached a new level by a coupon used: told after the commit. */
export type TellLevel = (p: { userId: string; poiId: string; level: number | null }) => Promise<void>;

/**
 * The shop's counter (/bs; issue 35 item 2): a coupon's rotating code scanned online, or offline
 * from the kit and sent later, is checked (its holder's signature, its step on the clock of the
 * scan), and used once. The shop sees its holder as screen name and masked mobile only.
 */
export function createCounterService(deps: { repo: CounterRepo; keys: HolderKeysRepo; merchants: MerchantAccess; pii: PiiCipher; tellLevel: TellLevel; now: () => Date }) {
  const { repo, keys, merchants, pii, tellLevel, now } = deps;

  const holderOf = (c: Pick<CounterCoupon, 'holderName' | 'holderMobileEnc'>) => ({ name: c.holderName, mobile: maskMobile(pii.decrypt(c.holderMobileEnc)) });

  const verdictOf = (c: CounterCoupon, usedAt: Date, repeat: boolean): RedeemVerdict => ({
    ...termsOf(c, c.ownValueFen),
    couponId: c.id,
    holder: holderOf(c),
    repeat,
    usedAt: unixSeconds(usedAt),
  });

  /** Used already: green again for the clerk who used it, within the rescan grace; 已使用 with when for anyone else. */
  function usedVerdict(c: CounterCoupon, caller: Caller, at: Date): RedeemVerdict {
    const usedAt = c.usedAt!;
    if (c.usedBy === caller.userId && Math.abs(at.getTime() - usedAt.getTime()) <= RESCAN_GRACE_MS) return verdictOf(c, usedAt, true);
    throw badRequest(`${CouponMsg.used}（${beijingDateTime(usedAt)}）`);
  }

  /** One code at this shop's counter, scanned at `at` (now, or an offline scan's time). */
  async function redeem(caller: Caller, scope: MerchantScope, code: string, at: Date, via: RedeemVia): Promise<RedeemVerdict> {
    const parsed = parseHolderCode(code);
    if (!parsed || parsed.prefix !== 'CP1') throw badRequest(CouponMsg.notCoupon);
    const coupon = await repo.coupon(parsed.id);
    const publicKey = coupon && (await keys.active(coupon.userId, parsed.kid));
    if (coupon && !publicKey) {
      // Signed by this person's phone, with a key retired since: the phone fetches a new one when online.
      const retired = await keys.retired(coupon.userId, parsed.kid);
      if (retired && holderSignatureValid(parsed, retired)) throw badRequest(CouponMsg.retiredKey);
    }
    if (!coupon || !publicKey || !holderSignatureValid(parsed, publicKey)) throw badRequest(CouponMsg.badCode);
    if (!holderCodeCurrent(parsed, at.getTime())) throw badRequest(CouponMsg.staleCode);
    // Nothing of another shop's coupon is told: not its state, not its holder.
    if (coupon.merchantId !== scope.merchantId) throw badRequest(CouponMsg.otherShop);
    if (coupon.status === 'used') return usedVerdict(coupon, caller, at);
    if (coupon.validUntil <= at) throw badRequest(CouponMsg.expired);
    const done = await repo.redeem({ id: coupon.id, batchId: coupon.batchId, holderId: coupon.userId, poiId: coupon.poiId, by: caller.userId, at, via });
    if (!done) return usedVerdict((await repo.coupon(coupon.id))!, caller, at);
    await tellLevel({ userId: coupon.userId, poiId: coupon.poiId, level: done.level ?? null });
    return verdictOf(coupon, at, false);
  }

  return {
    async redeem(caller: Caller, merchantId: string, code: string) {
      const scope = await merchants.requireStaff(caller, merchantId);
      return redeem(caller, scope, code, now(), 'online');
    },

    /**
     * Scans made with no network, checked again one by one at the time each was made. A time
     * outside the kit's life (older than COUNTER_KIT_HOURS, or ahead of the server's clock) is
     * refused. The first sync of a coupon wins; a later one is told when it was used.
     */
    async offline(caller: Caller, merchantId: string, scans: { code: string; at: number }[]): Promise<EndpointData<typeof sendOfflineRedemptions>> {
      const scope = await merchants.requireStaff(caller, merchantId);
      const results: { code: string; ok: boolean; message: string | null }[] = [];
      for (const scan of scans) {
        const arrived = now().getTime();
        try {
          if (scan.at > arrived + FUTURE_SLACK_MS || scan.at < arrived - COUNTER_KIT_HOURS * 3_600_000) throw badRequest(CouponMsg.time);
          await redeem(caller, scope, scan.code, new Date(scan.at), 'offline');
          results.push({ code: scan.code, ok: true, message: null });
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          results.push({ code: scan.code, ok: false, message: e.message });
        }
      }
      return { results };
    },

    /** The offline kit: the shop's unused coupons with their holders' public keys (never a private key). */
    async kit(caller: Caller, merchantId: string): Promise<EndpointData<typeof getCounterKit>> {
      const scope = await merchants.requireStaff(caller, merchantId);
      const at = now();
      const rows = await repo.unused(scope.merchantId, at, COUNTER_KIT_MAX);
      const held = await keys.activeOf([...new Set(rows.map((r) => r.userId))]);
      return {
        merchantId: scope.merchantId,
        name: scope.name,
        serverTime: at.getTime(),
        validUntil: at.getTime() + COUNTER_KIT_HOURS * 3_600_000,
        coupons: rows.map((c) => {
          const terms = termsOf(c, c.ownValueFen);
          return { id: c.id, keys: held.get(c.userId) ?? [], face: terms.face, title: terms.title, holder: holderOf(c), validUntil: unixSeconds(c.validUntil) };
        }),
      };
    },
  };
}
export type CounterService = ReturnType<typeof createCounterService>;
