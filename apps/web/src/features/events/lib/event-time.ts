const HOUR = 3600;
const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];
const pad = (n: number) => String(n).padStart(2, '0');

/** Beijing calendar parts of a Unix time (the community's clock, whatever the phone's zone). */
function beijing(seconds: number) {
  const at = new Date((seconds + 8 * HOUR) * 1000);
  return { y: at.getUTCFullYear(), m: at.getUTCMonth() + 1, d: at.getUTCDate(), w: at.getUTCDay(), hm: `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}` };
}

/** 11月28日 周六 14:00 (the year when it is not this one). */
export function dayTime(seconds: number, now = Date.now() / 1000): string {
  const t = beijing(seconds);
  const year = t.y === beijing(now).y ? '' : `${t.y}年`;
  return `${year}${t.m}月${t.d}日 周${WEEKDAYS[t.w]} ${t.hm}`;
}

/** 11月28日 周六 14:00–16:00, or both days when it spans several. */
export function eventSpan(startsAt: number, endsAt: number): string {
  const a = beijing(startsAt);
  const b = beijing(endsAt);
  if (a.y === b.y && a.m === b.m && a.d === b.d) return `${dayTime(startsAt)}–${b.hm}`;
  return `${dayTime(startsAt)} 至 ${dayTime(endsAt)}`;
}

/** Unix seconds ↔ the value of <input type="datetime-local">, in Beijing time. */
export function toLocalInput(seconds: number): string {
  const at = new Date((seconds + 8 * HOUR) * 1000);
  return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}T${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`;
}

export function fromLocalInput(value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return null;
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!) / 1000 - 8 * HOUR;
}
