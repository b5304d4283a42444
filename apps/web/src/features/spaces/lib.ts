import { clockText, WEEKDAY_NAMES, weekdayIndex } from '@sq/contract/spaces/space-rules';

const OFFSET_MS = 8 * 3600_000;

/** 10:00 of unix seconds, Beijing time. */
export function timeOf(seconds: number): string {
  const d = new Date(seconds * 1000 + OFFSET_MS);
  return clockText(d.getUTCHours() * 60 + d.getUTCMinutes());
}

/** 11月28日 周六 of a YYYY-MM-DD. */
export function dayText(date: string): string {
  const [, m, d] = date.split('-').map(Number);
  return `${m}月${d}日 ${WEEKDAY_NAMES[weekdayIndex(date)]}`;
}

/** 11月28日 周六 10:00–12:00 of a booking. */
export function whenText(startsAt: number, endsAt: number): string {
  const date = new Date(startsAt * 1000 + OFFSET_MS).toISOString().slice(0, 10);
  return `${dayText(date)} ${timeOf(startsAt)}–${timeOf(endsAt)}`;
}

/** 周一至周日 08:00–21:00 style lines of a week's hours, days with the same hours together. */
export function hoursLines(hours: ([number, number] | null)[]): string[] {
  const lines: string[] = [];
  let from = 0;
  for (let i = 1; i <= hours.length; i++) {
    const same = i < hours.length && JSON.stringify(hours[i]) === JSON.stringify(hours[from]);
    if (same) continue;
    const days = i - 1 === from ? WEEKDAY_NAMES[from] : `${WEEKDAY_NAMES[from]}至${WEEKDAY_NAMES[i - 1]}`;
    const h = hours[from];
    lines.push(`${days} ${h ? `${clockText(h[0])}–${clockText(h[1])}` : '不开放'}`);
    from = i;
  }
  return lines;
}
