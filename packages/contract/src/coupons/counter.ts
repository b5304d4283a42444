import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { HOLDER_CODE_MAX_LENGTH } from '../codes/holder-code';
import { ZExportQuery } from '../manage/export';
import { CouponMsg, REDEEM_VIAS, REDEMPTIONS_PER_REQUEST } from './coupon-rules';
import { ZCouponCursor, ZCouponTerms } from './coupons';

/**
 * The shop's counter (/bs; issue 35 item 2): the clerk scans a coupon's rotating code with the
 * scanner page the gate has – online, or offline from the counter's kit and sent later – and it
 * is used once. A resident is shown to the shop as screen name and masked mobile, nothing more.
 */

const ZCode = z.string({ error: CouponMsg.notCoupon }).trim().min(1, CouponMsg.notCoupon).max(HOLDER_CODE_MAX_LENGTH + 20, CouponMsg.notCoupon);

/** What the counter shows for a redeemed coupon (green), or for the same coupon scanned again by the same counter. */
export const ZRedeemVerdict = /*#__PURE__*/ ZCouponTerms.extend({
  couponId: z.string(),
  /** The holder's screen name and masked mobile (138****0004). */
  holder: z.object({ name: z.string(), mobile: z.string() }),
  /** Redeemed before by this shop within the rescan grace (the QR held in view again): green, not used twice. */
  repeat: z.boolean(),
  /** Unix seconds it was redeemed. */
  usedAt: z.number().int(),
});
export type RedeemVerdict = z.output<typeof ZRedeemVerdict>;

/**
 * The clerk scanned a code online. Refused with why: not a coupon, another shop's (这不是本店的优惠券),
 * already used (with when), expired, a stale or forged code.
 */
export const redeemCoupon = defineEndpoint({
  method: 'POST',
  path: '/v1/merchants/:id/redeem',
  summary: '核销优惠券（扫描顾客的优惠券码）',
  body: z.object({ code: ZCode }),
  data: ZRedeemVerdict,
});

/**
 * What a counter keeps to redeem with no network: the shop's unused, unexpired coupons with their
 * holders' public keys (never a private key: a lost counter phone mints nothing), the terms each
 * shows, and the server's clock. Renewed whenever the network answers.
 */
export const getCounterKit = defineEndpoint({
  method: 'GET',
  path: '/v1/merchants/:id/counter-kit',
  summary: '核销离线名单',
  data: z.object({
    merchantId: z.string(),
    name: z.string(),
    /** Unix ms of the server when the kit was made (the phone's clock offset). */
    serverTime: z.number().int(),
    /** Unix ms until which the kit may be used offline. */
    validUntil: z.number().int(),
    coupons: z.array(
      z.object({
        id: z.string(),
        /** The holder's registered public keys by number. */
        keys: z.array(z.object({ kid: z.number().int(), publicKey: z.string() })),
        face: z.string(),
        title: z.string(),
        holder: z.object({ name: z.string(), mobile: z.string() }),
        validUntil: z.number().int(),
      }),
    ),
  }),
});

/**
 * Redemptions made offline, sent when the network is back (the offline queue every scan shares).
 * The server has the last word: each is checked again; one already used is refused with when, so
 * the clerk learns of a coupon used twice while offline.
 */
export const sendOfflineRedemptions = defineEndpoint({
  method: 'POST',
  path: '/v1/merchants/:id/redemptions',
  summary: '上传离线核销记录',
  body: z.object({
    scans: z
      /** `at`: unix milliseconds of the scan on the counter's server-corrected clock (as the gate's and the events' offline scans). */
      .array(z.object({ code: ZCode, at: z.number({ error: CouponMsg.time }).int(CouponMsg.time).min(0, CouponMsg.time) }), { error: CouponMsg.scans })
      .min(1, CouponMsg.scans)
      .max(REDEMPTIONS_PER_REQUEST, CouponMsg.scans),
  }),
  data: z.object({ results: z.array(z.object({ code: z.string(), ok: z.boolean(), message: z.string().nullable() })) }),
});

export const ZRedemptionRow = /*#__PURE__*/ z.object({
  couponId: z.string(),
  batchId: z.string(),
  title: z.string(),
  face: z.string(),
  holder: z.object({ name: z.string(), mobile: z.string() }),
  /** Unix seconds. */
  usedAt: z.number().int(),
  via: z.enum(REDEEM_VIAS),
  /** The clerk's screen name. */
  clerk: z.string(),
});

/** The shop's redemptions, newest first; `export=1` answers them as .xlsx (masked mobiles; audited). */
export const listRedemptions = defineEndpoint({
  method: 'GET',
  path: '/v1/merchants/:id/redemptions',
  summary: '核销记录（可导出）',
  query: ZExportQuery.extend({ batchId: z.string().uuid(CouponMsg.batchNotFound).optional(), cursor: ZCouponCursor }),
  data: z.object({ redemptions: z.array(ZRedemptionRow), next: z.string().nullable() }),
  download: { types: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'], description: '核销记录 .xlsx' },
});

/** The shop's dashboard: claims and redemptions per Beijing day (the last 30) and per batch. */
export const getShopStats = defineEndpoint({
  method: 'GET',
  path: '/v1/merchants/:id/coupon-stats',
  summary: '店铺优惠券数据',
  data: z.object({
    days: z.array(z.object({ date: z.string(), claimed: z.number().int(), used: z.number().int() })),
    batches: z.array(z.object({ id: z.string(), title: z.string(), total: z.number().int(), claimed: z.number().int(), used: z.number().int() })),
  }),
});
