const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Beijing calendar parts of a Unix time (the community's time, whatever the phone's zone). */
function beijing(seconds: number): { y: number; m: number; d: number; hh: string; mm: string } {
  const at = new Date((seconds + 8 * HOUR) * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { y: at.getUTCFullYear(), m: at.getUTCMonth() + 1, d: at.getUTCDate(), hh: pad(at.getUTCHours()), mm: pad(at.getUTCMinutes()) };
}

/**
 * A post's time as WeChat Moments says it, in Beijing time: 刚刚, 5分钟前, 3小时前, 昨天 08:30,
 * 3月5日 08:30, and the year once it is not this one. `now` in Unix seconds.
 */
export function relativeTime(seconds: number, now: number = Math.floor(Date.now() / 1000)): string {
  const ago = now - seconds;
  if (ago < MINUTE) return '刚刚';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)}分钟前`;
  const then = beijing(seconds);
  const today = beijing(now);
  const sameDay = then.y === today.y && then.m === today.m && then.d === today.d;
  if (ago < DAY && sameDay) return `${Math.floor(ago / HOUR)}小时前`;
  const yesterday = beijing(now - DAY);
  if (then.y === yesterday.y && then.m === yesterday.m && then.d === yesterday.d) return `昨天 ${then.hh}:${then.mm}`;
  const date = `${then.m}月${then.d}日 ${then.hh}:${then.mm}`;
  return then.y === today.y ? date : `${then.y}年${date}`;
}
