/**
 * Date cells. A spreadsheet date has no time zone: it is the wall-clock time the reader sees.
 * exceljs turns a JS Date into a serial day counted in UTC, so an instant is shifted to Beijing's
 * wall clock first (China has one zone, UTC+8, no daylight saving) – a manager in 北京 filters
 * 2026-11-21 and gets that Beijing day's rows.
 */
const OFFSET_MS = 8 * 3600_000;

export const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm';
export const DATE_FORMAT = 'yyyy-mm-dd';

/** An instant as the Beijing date and time a spreadsheet shows (format DATE_TIME_FORMAT). */
export function beijingCell(at: Date): Date {
  return new Date(at.getTime() + OFFSET_MS);
}

/** A calendar date `YYYY-MM-DD` as a date cell (format DATE_FORMAT); empty or malformed text stays text. */
export function dayCell(date: string | null | undefined): Date | string {
  if (!date) return '';
  const at = Date.parse(`${date}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && Number.isFinite(at) ? new Date(at) : date;
}
