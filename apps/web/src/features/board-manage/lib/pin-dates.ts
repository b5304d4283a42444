import { PIN_MAX_DAYS } from '@sq/contract/board/board-rules';
import { addDays, beijingDate } from '@sq/contract/beijing-time';

/**
 * A pin lasts to the end of a Beijing day from tomorrow to PIN_MAX_DAYS ahead (pinPost's rule).
 * antd-mobile's picker works in the phone's zone, so it is fed Dates whose local fields are the
 * Beijing date: a phone set to another zone still picks Beijing days.
 */
export function pinRange(now: Date): { min: string; max: string } {
  const today = beijingDate(now);
  return { min: addDays(today, 1), max: addDays(today, PIN_MAX_DAYS) };
}

/** The quick choices: a notice usually matters for days, a week or a month. */
export const PIN_PRESETS = [3, 7, 30] as const;

export function pinPreset(now: Date, days: number): string {
  return addDays(beijingDate(now), days);
}

export function dateToLocal(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

export function localToDate(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A date inside the range, or the range's nearest end (a pin set long ago may end sooner). */
export function clampDate(date: string, range: { min: string; max: string }): string {
  if (date < range.min) return range.min;
  if (date > range.max) return range.max;
  return date;
}
