/**
 * 会员等级 (issue 35 item 4): points for what helps the community – never for logging in – and the
 * levels they reach. Free of zod: /lvip and the coupon pages show levels without a schema.
 */

/** Each deed counts once per source (an event, a coupon, a correction, a post). */
export const POINT_REASONS = ['eventAttended', 'couponUsed', 'correctionAccepted', 'postUseful'] as const;
export type PointReason = (typeof POINT_REASONS)[number];
export const POINTS_FOR: Record<PointReason, { points: number; label: string }> = {
  eventAttended: { points: 20, label: '参加社区活动' },
  couponUsed: { points: 5, label: '到店使用优惠券' },
  correctionAccepted: { points: 30, label: '纠错被采纳' },
  postUseful: { points: 10, label: '帖子被标为有用' },
};

/**
 * Levels 1–5; the top one is the /svip page's. `from`: the points it starts at. A level's benefit
 * is what shops offer it: a coupon batch may be only for a level and above (its `minLevel`) –
 * nothing is promised here that the product does not do.
 */
export const MEMBER_LEVELS = [
  { level: 1, name: '新邻居', from: 0 },
  { level: 2, name: '好邻居', from: 50 },
  { level: 3, name: '热心邻居', from: 150 },
  { level: 4, name: '社区达人', from: 400 },
  { level: 5, name: '社区之星', from: 1000 },
] as const;
export const TOP_LEVEL = MEMBER_LEVELS[MEMBER_LEVELS.length - 1]!.level;

/** The level `points` reach. */
export function levelOf(points: number): number {
  let level = 1;
  for (const l of MEMBER_LEVELS) if (points >= l.from) level = l.level;
  return level;
}

/** 'Lv.3 热心邻居'. */
export const levelName = (level: number) => `Lv.${level} ${MEMBER_LEVELS.find((l) => l.level === level)?.name ?? ''}`.trim();
