import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { MAX_FEN } from '../money';
import { ZPoiId } from '../poi-id';
import { MEMBER_LEVELS, TOP_LEVEL } from '../levels/level-rules';
import {
  BATCH_CHANNELS,
  BATCH_MAX_PER_PERSON,
  BATCH_MAX_TOTAL,
  BATCH_STATUSES,
  COUPON_ITEM_MAX_CHARS,
  COUPON_KINDS,
  COUPON_MAX_VALID_DAYS,
  COUPON_RULES_MAX_CHARS,
  COUPON_STATES,
  COUPON_TITLE_MAX_CHARS,
  CouponMsg,
  DISCOUNT_MAX_PERCENT,
  DISCOUNT_MIN_PERCENT,
} from './coupon-rules';

/**
 * 优惠券 (issue 35 item 2): a shop publishes batches, residents claim them (never more than the
 * batch holds, also under a rush), see them by state and show one at the counter as a rotating
 * code signed by their phone (codes/holder-code.ts); the counter's endpoints are counter.ts.
 * Amounts are integer fen; times unix seconds.
 */

const ZTime = z.number({ error: CouponMsg.window }).int(CouponMsg.window).min(0, CouponMsg.window);
const ZFenAmount = (message: string) => z.number({ error: message }).int(message).min(0, message).max(MAX_FEN, message);
export const ZCouponCursor = z.string({ error: CouponMsg.batchNotFound }).max(200, CouponMsg.batchNotFound).optional();

/** What a batch gives and on what terms: shown on its page, on each coupon and at the counter. */
export const ZCouponTerms = /*#__PURE__*/ z.object({
  title: z.string(),
  kind: z.enum(COUPON_KINDS),
  /** cash: fen off; null otherwise. A red-packet share's coupon carries its own value. */
  valueFen: z.number().int().nullable(),
  /** Spend at least this much (fen) to use it; 0: no threshold. */
  thresholdFen: z.number().int(),
  /** discount: the percent paid (88 = 8.8折); null otherwise. */
  payPercent: z.number().int().nullable(),
  /** gift: the free item; null otherwise. */
  item: z.string().nullable(),
  /** The face as shown: 满50减10, 8.8折, 兑换：一杯美式 (coupon-rules couponFace). */
  face: z.string(),
  rules: z.string(),
});

/** A batch as residents see it (/cactivity, /rcoupon, a shop's page). */
export const ZBatchCard = /*#__PURE__*/ ZCouponTerms.extend({
  id: z.string(),
  merchant: z.object({ id: z.string(), name: z.string(), category: z.string(), address: z.string() }),
  channel: z.enum(BATCH_CHANNELS),
  total: z.number().int(),
  /** Still to be claimed. */
  left: z.number().int(),
  perPerson: z.number().int(),
  claimStartsAt: z.number().int(),
  claimEndsAt: z.number().int(),
  validDays: z.number().int(),
  minLevel: z.number().int(),
  status: z.enum(BATCH_STATUSES),
  /** How many of it the caller holds (any state); 0 when not logged in. */
  mine: z.number().int(),
});
export type BatchCard = z.output<typeof ZBatchCard>;

/** A coupon its holder sees (/coupon). */
export const ZMyCoupon = /*#__PURE__*/ ZCouponTerms.extend({
  id: z.string(),
  batchId: z.string(),
  merchant: z.object({ id: z.string(), name: z.string(), address: z.string(), phone: z.string() }),
  state: z.enum(COUPON_STATES),
  /** Unix seconds: the end of its last valid day (Beijing midnight). */
  validUntil: z.number().int(),
  claimedAt: z.number().int(),
  usedAt: z.number().int().nullable(),
  /** From a red packet (its value is the share's). */
  fromRedbag: z.boolean(),
});
export type MyCoupon = z.output<typeof ZMyCoupon>;

/** A batch's page: /cactivity?id= (its campaign page) and /rcoupon?id= (what a shared link or poster opens). */
export const getBatch = defineEndpoint({
  method: 'GET',
  path: '/v1/coupon-batches/:id',
  summary: '优惠券活动详情',
  data: z.object({ batch: ZBatchCard }),
});

/**
 * The batches offered to a community's residents, newest first (the shops' coupons on the home
 * page and /coupon's 领券 tab); `merchantId` narrows to one shop (its public page).
 */
export const listOfferedBatches = defineEndpoint({
  method: 'GET',
  path: '/v1/coupon-batches',
  summary: '本社区可领取的优惠券',
  query: z.object({ poiId: ZPoiId, merchantId: z.string().uuid(CouponMsg.batchNotFound).optional(), cursor: ZCouponCursor }),
  data: z.object({ batches: z.array(ZBatchCard), next: z.string().nullable() }),
});

/**
 * Claim one coupon of a claim-channel batch, in `poiId` (a community the caller belongs to and the
 * batch is offered in). Refused with why: not started, ended, stopped, gone (优惠券已被领完), over
 * the per-person limit, below the batch's member level.
 */
export const claimCoupon = defineEndpoint({
  method: 'POST',
  path: '/v1/coupon-batches/:id/claim',
  summary: '领取优惠券',
  body: z.object({ poiId: ZPoiId }),
  data: z.object({ coupon: ZMyCoupon, left: z.number().int() }),
});

/** 我的优惠券 by state, soonest to expire first among the unused, newest first otherwise. */
export const listMyCoupons = defineEndpoint({
  method: 'GET',
  path: '/v1/coupons/mine',
  summary: '我的优惠券',
  query: z.object({ state: z.enum(COUPON_STATES, { error: CouponMsg.notFound }).default('unused'), cursor: ZCouponCursor }),
  data: z.object({ coupons: z.array(ZMyCoupon), next: z.string().nullable(), counts: z.object({ unused: z.number().int(), used: z.number().int(), expired: z.number().int() }) }),
});

/** One of the caller's coupons (the page that shows its rotating code). */
export const getMyCoupon = defineEndpoint({
  method: 'GET',
  path: '/v1/coupons/:id',
  summary: '优惠券详情（出示核销码）',
  data: z.object({ coupon: ZMyCoupon, /** Unix ms of the server: the code's clock. */ serverTime: z.number().int() }),
});

/** What a shop publishes (its owner): a claim-channel batch. */
export const ZBatchForm = /*#__PURE__*/ z
  .object({
    title: z.string({ error: CouponMsg.title }).trim().min(1, CouponMsg.title).max(COUPON_TITLE_MAX_CHARS, CouponMsg.title),
    kind: z.enum(COUPON_KINDS, { error: CouponMsg.kind }),
    valueFen: ZFenAmount(CouponMsg.value).nullable().default(null),
    thresholdFen: ZFenAmount(CouponMsg.value).default(0),
    payPercent: z.number({ error: CouponMsg.percent }).int(CouponMsg.percent).min(DISCOUNT_MIN_PERCENT, CouponMsg.percent).max(DISCOUNT_MAX_PERCENT, CouponMsg.percent).nullable().default(null),
    item: z.string({ error: CouponMsg.item }).trim().max(COUPON_ITEM_MAX_CHARS, CouponMsg.item).nullable().default(null),
    total: z.number({ error: CouponMsg.total }).int(CouponMsg.total).min(1, CouponMsg.total).max(BATCH_MAX_TOTAL, CouponMsg.total),
    perPerson: z.number({ error: CouponMsg.perPerson }).int(CouponMsg.perPerson).min(1, CouponMsg.perPerson).max(BATCH_MAX_PER_PERSON, CouponMsg.perPerson).default(1),
    claimStartsAt: ZTime,
    claimEndsAt: ZTime,
    validDays: z.number({ error: CouponMsg.validDays }).int(CouponMsg.validDays).min(1, CouponMsg.validDays).max(COUPON_MAX_VALID_DAYS, CouponMsg.validDays),
    minLevel: z.number({ error: CouponMsg.level }).int(CouponMsg.level).min(0, CouponMsg.level).max(TOP_LEVEL, CouponMsg.level).default(0),
    /** Communities it is offered in (each approved for the shop); empty: all of them. */
    communities: z.array(ZPoiId, { error: CouponMsg.communities }).max(200, CouponMsg.communities).default([]),
    rules: z.string({ error: CouponMsg.rules }).trim().max(COUPON_RULES_MAX_CHARS, CouponMsg.rules).default(''),
  })
  .superRefine((f, ctx) => {
    const fail = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    if (f.kind === 'cash' && (f.valueFen === null || f.valueFen < 1)) fail(CouponMsg.value, 'valueFen');
    if (f.kind === 'cash' && f.valueFen !== null && f.thresholdFen > 0 && f.valueFen > f.thresholdFen) fail(CouponMsg.valueOverThreshold, 'valueFen');
    if (f.kind === 'discount' && f.payPercent === null) fail(CouponMsg.percent, 'payPercent');
    if (f.kind === 'gift' && !f.item) fail(CouponMsg.item, 'item');
    if (f.claimEndsAt <= f.claimStartsAt) fail(CouponMsg.window, 'claimEndsAt');
  });
export type BatchForm = z.output<typeof ZBatchForm>;

/** A batch as its shop sees it: the card plus what happened to it. */
export const ZShopBatch = /*#__PURE__*/ ZBatchCard.omit({ mine: true, merchant: true }).extend({
  claimed: z.number().int(),
  used: z.number().int(),
  communities: z.array(z.object({ poiId: z.string(), name: z.string() })),
  createdAt: z.number().int(),
});

export const publishBatch = defineEndpoint({
  method: 'POST',
  path: '/v1/merchants/:id/coupon-batches',
  summary: '发布优惠券（店主）',
  body: ZBatchForm,
  data: z.object({ batch: ZShopBatch }),
});

export const listShopBatches = defineEndpoint({
  method: 'GET',
  path: '/v1/merchants/:id/coupon-batches',
  summary: '本店的优惠券活动（店主、店员）',
  query: z.object({ cursor: ZCouponCursor }),
  data: z.object({ batches: z.array(ZShopBatch), next: z.string().nullable() }),
});

/** The owner ends a batch early: no more claims; coupons already claimed stay valid. */
export const stopBatch = defineEndpoint({
  method: 'POST',
  path: '/v1/merchants/:id/coupon-batches/:batchId/stop',
  summary: '停止发放（店主）',
  data: z.object({ batch: ZShopBatch }),
});

/** Member levels a batch may require, for the publish form. */
export const BATCH_LEVEL_CHOICES = [0, ...MEMBER_LEVELS.slice(1).map((l) => l.level)] as const;
