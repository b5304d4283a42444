/**
 * Whether a shop is open at a moment, read from its hours (HOURS_PATTERN: one or two ranges,
 * 24-hour, a range whose end is before its start runs past midnight). Beijing time: the shops and
 * their customers are there, whatever the server's zone. Free of zod.
 */
import { HOURS_PATTERN } from './merchant-rules';

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Minutes since Beijing midnight for `at`. */
export function beijingMinutes(at: Date): number {
  const ms = at.getTime() + 8 * 3_600_000;
  return Math.floor((((ms % 86_400_000) + 86_400_000) % 86_400_000) / 60_000);
}

/** Open at `at`? False for hours that do not read (an old row: never shown as open by mistake). */
export function isOpenAt(hours: string, at: Date): boolean {
  if (!HOURS_PATTERN.test(hours)) return false;
  const now = beijingMinutes(at);
  return hours.split(',').some((range) => {
    const [from, to] = range.split('-') as [string, string];
    const a = minutesOf(from);
    const b = minutesOf(to);
    if (a === b) return true; // 00:00-24:00 reads 0–1440; a == b means the whole day
    return a < b ? now >= a && now < b : now >= a || now < b;
  });
}
