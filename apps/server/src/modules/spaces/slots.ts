import { addDays, beijingDate, startOfBeijingDay } from '@sq/contract/beijing-time';
import { weekdayIndex, type WeekHours } from '@sq/contract/spaces/space-rules';

const MINUTE = 60_000;

/** A day's slots of a space: from opening, every `slotMinutes`, each ending by closing (Beijing). */
export function slotsOf(date: string, hours: WeekHours, slotMinutes: number): { startsAt: Date; endsAt: Date }[] {
  const day = hours[weekdayIndex(date)];
  if (!day) return [];
  const midnight = startOfBeijingDay(date).getTime();
  const slots: { startsAt: Date; endsAt: Date }[] = [];
  for (let m = day[0]; m + slotMinutes <= day[1]; m += slotMinutes) {
    slots.push({ startsAt: new Date(midnight + m * MINUTE), endsAt: new Date(midnight + (m + slotMinutes) * MINUTE) });
  }
  return slots;
}

/** Where a start falls against a day's hours: inside them on the grid, off the grid, or outside them. */
export function placeOf(startsAt: Date, minutes: number, hours: WeekHours, slotMinutes: number): 'ok' | 'offGrid' | 'outside' {
  const date = beijingDate(startsAt);
  const day = hours[weekdayIndex(date)];
  const from = (startsAt.getTime() - startOfBeijingDay(date).getTime()) / MINUTE;
  if (!day || from < day[0] || from + minutes > day[1]) return 'outside';
  return Number.isInteger(from) && (from - day[0]) % slotMinutes === 0 ? 'ok' : 'offGrid';
}

/** The Beijing week (Monday–Sunday) a date is in, as instants [from, to). */
export function weekOf(date: string): { from: Date; to: Date } {
  const monday = addDays(date, -weekdayIndex(date));
  return { from: startOfBeijingDay(monday), to: startOfBeijingDay(addDays(monday, 7)) };
}

/** The dates that may be booked: today and the `daysAhead` after it. */
export const bookableDays = (today: string, daysAhead: number) => Array.from({ length: daysAhead + 1 }, (_, i) => addDays(today, i));
