/** China has one time zone, UTC+8, without daylight saving: dates and deadlines are read in it. */
const OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

/** The Beijing calendar date of an instant, as YYYY-MM-DD. */
export function beijingDate(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** YYYY-MM-DD plus whole days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The first instant of a Beijing calendar day (YYYY-MM-DD). */
export function startOfBeijingDay(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00+08:00`));
}

/** The instant a Beijing date ends (23:59:59.999 that day). */
export function endOfBeijingDay(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS - OFFSET_MS - 1);
}

/** YYYY-MM-DD HH:mm in Beijing time. */
export function beijingDateTime(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  // 2026-13-01 makes an Invalid Date, whose toISOString throws: not a date, not an error.
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(value);
}

/** Poll deadlines travel as Beijing wall-clock text `YYYY-MM-DD HH:mm` (spec §3). */
const PATTERN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;

/** The instant a Beijing `YYYY-MM-DD HH:mm` names, or null when it is not a real minute. */
export function parseBeijingMinute(text: string): Date | null {
  const m = PATTERN.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const utc = Date.UTC(y, mo - 1, d, h, mi);
  const back = new Date(utc);
  // Date.UTC rolls 02-30 over into March; a rolled date is not what the user picked.
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59) return null;
  return new Date(utc - OFFSET_MS);
}

/** The same Beijing wall-clock time `months` later; the 31st becomes the month's last day. */
export function addBeijingMonths(at: Date, months: number): Date {
  const wall = new Date(at.getTime() + OFFSET_MS);
  const day = wall.getUTCDate();
  wall.setUTCDate(1);
  wall.setUTCMonth(wall.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth() + 1, 0)).getUTCDate();
  wall.setUTCDate(Math.min(day, lastDay));
  return new Date(wall.getTime() - OFFSET_MS);
}
