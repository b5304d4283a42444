/**
 * How long removed content is kept hidden before the retention job deletes it: the server's
 * BOARD_HIDDEN_KEEP_MONTHS (modules/board/retention-repo.ts, docs/decisions/board.md), which the
 * board's default rules also promise residents. A server constant, so it is repeated here.
 */
export const REMOVED_KEPT = '6个月';
