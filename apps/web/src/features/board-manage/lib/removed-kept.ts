/** How long removed content is kept hidden before the retention job deletes it (board-server's decision). */
export const REMOVED_KEPT = '6个月';
