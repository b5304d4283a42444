import { addDays } from '@sq/contract/beijing-time';
import { RETURN_WINDOW_DAYS, TENANT_MAX_YEARS } from '@sq/contract/pass/registration-rules';

/**
 * The pickers work on JS dates in the phone's zone; the form and the API on Beijing calendar
 * dates (YYYY-MM-DD). Going through the local calendar fields keeps the day the person tapped,
 * whatever zone the phone is set to.
 */
export function toPickerDate(isoDate: string): Date {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

export function fromPickerDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export interface DateWindow {
  min: string;
  max: string;
}

/** 返京时间: 14 days back up to today (spec §5). */
export function returnDateWindow(today: string): DateWindow {
  return { min: addDays(today, -RETURN_WINDOW_DAYS), max: today };
}

/** 租赁截止日期: today up to 3 years ahead (spec §5), the same bound the contract checks. */
export function tenantEndWindow(today: string): DateWindow {
  const [y, rest] = [Number(today.slice(0, 4)), today.slice(4)];
  // Same calendar day three years on; 29 Feb falls back to 28 Feb (inside the contract's bound).
  const sameDay = `${y + TENANT_MAX_YEARS}${rest}`;
  const max = rest === '-02-29' ? `${y + TENANT_MAX_YEARS}-02-28` : sameDay;
  return { min: today, max };
}
