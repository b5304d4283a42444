import { yuan } from '../money';

/**
 * 优惠券 (issue 35 item 2): kinds, states, limits and the messages people read, at the counter
 * too. Free of zod: the coupon pages and the counter's scanner share these.
 */

/** cash: value off, above a threshold (0: none); discount: pay a percent (88 = 8.8折); gift: a free item. */
export const COUPON_KINDS = ['cash', 'discount', 'gift'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export const COUPON_KIND_NAMES: Record<CouponKind, string> = { cash: '满减券', discount: '折扣券', gift: '兑换券' };

/** A coupon as its holder sees it; `expired` is an unused one past its date (nothing stores it). */
export const COUPON_STATES = ['unused', 'used', 'expired'] as const;
export type CouponState = (typeof COUPON_STATES)[number];
export const COUPON_STATE_NAMES: Record<CouponState, string> = { unused: '未使用', used: '已使用', expired: '已过期' };

/** A batch: `claim` – residents claim it; `redbag` – handed out only as red-packet shares. */
export const BATCH_CHANNELS = ['claim', 'redbag'] as const;
export type BatchChannel = (typeof BATCH_CHANNELS)[number];
/** `stopped`: the shop ended it early; coupons already claimed stay valid. */
export const BATCH_STATUSES = ['active', 'stopped'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

/** How a coupon was redeemed: scanned with the counter online, or offline and sent later. */
export const REDEEM_VIAS = ['online', 'offline'] as const;
export type RedeemVia = (typeof REDEEM_VIAS)[number];

export const COUPON_TITLE_MAX_CHARS = 30;
export const COUPON_ITEM_MAX_CHARS = 30;
export const COUPON_RULES_MAX_CHARS = 1000;
export const BATCH_MAX_TOTAL = 100_000;
export const BATCH_MAX_PER_PERSON = 10;
export const COUPON_MAX_VALID_DAYS = 365;
/** Discounts run from 1折 (10) to 9.9折 (99): a 100 % "discount" is none, 0 % is a gift coupon. */
export const DISCOUNT_MIN_PERCENT = 10;
export const DISCOUNT_MAX_PERCENT = 99;
/** Offline redemptions one request carries. */
export const REDEMPTIONS_PER_REQUEST = 200;

export const CouponMsg = {
  title: `请填写优惠券名称（${COUPON_TITLE_MAX_CHARS} 字以内）`,
  kind: '请选择优惠券类型',
  value: '请填写正确的优惠金额（元，最多两位小数）',
  valueOverThreshold: '优惠金额不能大于使用门槛',
  percent: `折扣需在 ${DISCOUNT_MIN_PERCENT / 10}–${DISCOUNT_MAX_PERCENT / 10} 折之间`,
  item: `请填写兑换的商品（${COUPON_ITEM_MAX_CHARS} 字以内）`,
  total: `发放数量需在 1–${BATCH_MAX_TOTAL} 张之间`,
  perPerson: `每人限领需在 1–${BATCH_MAX_PER_PERSON} 张之间`,
  window: '领取时间不正确：结束时间需晚于开始时间',
  validDays: `有效天数需在 1–${COUPON_MAX_VALID_DAYS} 天之间`,
  level: '会员等级不正确',
  communities: '请选择本店已通过审核的服务社区',
  rules: `使用规则不能超过 ${COUPON_RULES_MAX_CHARS} 字`,
  batchNotFound: '优惠活动不存在或已下架',
  notStarted: '领取尚未开始',
  ended: '领取已结束',
  stopped: '商家已停止发放',
  gone: '优惠券已被领完',
  limit: '您已领过，每人限领',
  levelLow: '该优惠券仅限以下等级及以上会员领取：',
  notServed: '该优惠券不在您所在的社区发放',
  notMember: '请先加入该社区（通行证审核通过或房屋登记）后再领取',
  // At the counter.
  notCoupon: '这不是优惠券码',
  badCode: '优惠券码无效，请让顾客在手机上重新打开优惠券',
  retiredKey: '这部手机的出示码已停用（该账号已在更多手机上出示过），请让顾客连上网络后重新打开优惠券',
  staleCode: '优惠券码已过期，请让顾客刷新后重新出示',
  otherShop: '这不是本店的优惠券',
  used: '该优惠券已使用',
  expired: '该优惠券已过期',
  notFound: '优惠券不存在',
  time: '扫码时间不正确',
  scans: '离线核销记录不正确',
  bannedWords: (words: readonly string[]) => `优惠券内容含有发放社区设置的敏感词（${words.join('、')}），请修改后再发布`,
} as const;

/** What a coupon gives, as its face reads: 满50减10, 无门槛减5, 8.8折, 兑换：一杯美式. */
export function couponFace(c: { kind: CouponKind; valueFen: number | null; thresholdFen: number; payPercent: number | null; item: string | null }): string {
  if (c.kind === 'cash') return c.thresholdFen > 0 ? `满${yuan(c.thresholdFen)}减${yuan(c.valueFen ?? 0)}` : `无门槛减${yuan(c.valueFen ?? 0)}`;
  if (c.kind === 'discount') {
    const p = c.payPercent ?? 100;
    return `${p % 10 === 0 ? p / 10 : (p / 10).toFixed(1)}折${c.thresholdFen > 0 ? `（满${yuan(c.thresholdFen)}可用）` : ''}`;
  }
  return `兑换：${c.item ?? ''}`;
}
