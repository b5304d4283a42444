const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** How long an open poll has left, in words an older resident reads at a glance: 还剩 3 天, 还剩 5 小时, 不到 1 小时. */
export function timeLeft(endSeconds: number, nowMs: number): string {
  const left = endSeconds * 1000 - nowMs;
  if (left >= DAY) return `还剩 ${Math.floor(left / DAY)} 天`;
  if (left >= HOUR) return `还剩 ${Math.floor(left / HOUR)} 小时`;
  return '不到 1 小时';
}
