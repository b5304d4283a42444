/**
 * The invitation's window travels as Beijing "YYYY-MM-DD HH:mm"; the picker works on JS dates in
 * the phone's zone. Going through the local calendar fields keeps the minute the person picked,
 * whatever zone the phone is set to (as date-fields.ts does for days).
 */
export function toPickerMinute(text: string): Date {
  const [date, time] = text.split(' ') as [string, string];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  return new Date(y, m - 1, d, h, mi);
}

export function fromPickerMinute(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Adds minutes to a Beijing "YYYY-MM-DD HH:mm" (no zone involved: Beijing has no summer time). */
export function addMinutes(text: string, minutes: number): string {
  const [date, time] = text.split(' ') as [string, string];
  const t = new Date(`${date}T${time}:00Z`).getTime() + minutes * 60_000;
  return new Date(t).toISOString().slice(0, 16).replace('T', ' ');
}

/** Now in Beijing, rounded up to the next quarter hour: the form's first start. */
export function nextQuarterHour(now: Date): string {
  const beijing = now.getTime() + 8 * 3_600_000;
  const quarter = 15 * 60_000;
  return new Date(Math.ceil(beijing / quarter) * quarter).toISOString().slice(0, 16).replace('T', ' ');
}
