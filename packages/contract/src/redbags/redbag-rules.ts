import { yuan } from '../money';

/**
 * 红包 (issue 35 item 3): a shop funds red packets of coupons – never cash (paying money out needs
 * a payment licence). A resident starts a packet, gets the first share at once and shares it on;
 * each neighbour who opens it gets the next share as a coupon until it is empty. Free of zod: the
 * red-packet pages read the limits and messages without a schema.
 */

export const REDBAG_TITLE_MAX_CHARS = 30;
export const REDBAG_MIN_SHARES = 2;
export const REDBAG_MAX_SHARES = 100;
export const REDBAG_MAX_PACKETS = 10_000;
/** A packet's value: at most ¥2,000 of coupons (a shop's promotion, not a prize draw). */
export const REDBAG_MAX_PACKET_FEN = 200_000;
export const REDBAG_MAX_VALID_DAYS = 365;
/** A campaign runs at most this many days. */
export const REDBAG_MAX_WINDOW_DAYS = 90;

export const RedbagMsg = {
  title: `请填写红包活动名称（${REDBAG_TITLE_MAX_CHARS} 字以内）`,
  packet: `请填写正确的红包金额（元，最多两位小数，不超过 ${yuan(REDBAG_MAX_PACKET_FEN)} 元）`,
  shares: `每个红包可拆 ${REDBAG_MIN_SHARES}–${REDBAG_MAX_SHARES} 份`,
  packetTooSmall: '红包金额太小：每份至少 0.01 元，请提高金额或减少份数',
  packets: `红包个数需在 1–${REDBAG_MAX_PACKETS} 个之间`,
  window: `活动时间不正确：结束需晚于开始，且不超过 ${REDBAG_MAX_WINDOW_DAYS} 天`,
  validDays: `有效天数需在 1–${REDBAG_MAX_VALID_DAYS} 天之间`,
  threshold: '请填写正确的使用门槛（元，最多两位小数）',
  shareOverThreshold: '使用门槛需不低于每份红包的最大金额，或设为 0（无门槛）',
  communities: '请选择本店已通过审核的服务社区',
  shopNotApproved: '店铺审核通过后才能发红包',
  campaignNotFound: '红包活动不存在或已结束',
  notStarted: '红包活动尚未开始',
  ended: '红包活动已结束',
  allStarted: '本次活动的红包已经发完了',
  alreadyStarted: '您已经领过本次活动的红包，可以继续分享给邻居',
  notServed: '该红包活动不在您所在的社区开展',
  notMember: '请先加入该社区（通行证审核通过或房屋登记）后再领红包',
  packetNotFound: '红包不存在',
  empty: '红包已被领完',
  alreadyOpened: '您已经领过这个红包了',
  notSharer: '只有分享这个红包的人能查看领取详情',
} as const;

/**
 * A packet's shares, drawn when it is made (拼手气, 二倍均值): they add up exactly to `packetFen`,
 * each is at least 1 fen and at most `shareCap` (twice the average, rounded up). `randomInt(lo, hi)`
 * answers a whole number in [lo, hi] (crypto on the server, a seeded one in tests).
 * Throws when the packet is smaller than its share count – the form refuses it before.
 */
export function splitPacket(packetFen: number, shares: number, randomInt: (lo: number, hi: number) => number): number[] {
  if (!Number.isSafeInteger(packetFen) || !Number.isSafeInteger(shares) || shares < 1 || packetFen < shares) throw new Error(RedbagMsg.packetTooSmall);
  const cap = shareCap(packetFen, shares);
  const out: number[] = [];
  let left = packetFen;
  for (let n = shares; n > 1; n--) {
    // Whatever is drawn, the n − 1 shares after it can still each be 1 fen to cap.
    const lo = Math.max(1, left - cap * (n - 1));
    const hi = Math.max(lo, Math.min(cap, left - (n - 1), Math.floor((2 * left) / n)));
    const a = randomInt(lo, hi);
    out.push(a);
    left -= a;
  }
  out.push(left);
  return out;
}

/** The most one share of a packet can be: twice the average, rounded up. */
export const shareCap = (packetFen: number, shares: number) => Math.ceil((2 * packetFen) / shares);
