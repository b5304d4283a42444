/**
 * How long removed content is kept hidden before it is deleted for good: the six months the
 * board's default rules promise residents (apps/server/src/modules/board/default-rules.ts).
 */
export const REMOVED_KEPT = '6个月';
