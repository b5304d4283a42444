import { addBeijingMonths } from '@sq/contract/beijing-time';
import { POLL_DEADLINE_MONTHS } from '@sq/contract/polls/poll-rules';

/**
 * antd-mobile's DatePicker works in the phone's time zone, but deadlines are Beijing time (spec
 * §3). The picker is fed Dates whose *local* fields show the Beijing wall clock, so a phone set to
 * another zone still picks Beijing times.
 */
const OFFSET_MS = 8 * 3600_000;
const MINUTE = 60_000;

export function beijingWallAsLocal(at: Date): Date {
  const w = new Date(at.getTime() + OFFSET_MS);
  return new Date(w.getUTCFullYear(), w.getUTCMonth(), w.getUTCDate(), w.getUTCHours(), w.getUTCMinutes());
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The picker's value as the API's `YYYY-MM-DD HH:mm`. */
export function localWallToText(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The picker's range: the next whole minute up to six months ahead (spec §5). */
export function deadlineRange(now: Date): { min: Date; max: Date; suggested: Date } {
  const next = new Date(Math.ceil((now.getTime() + 1) / MINUTE) * MINUTE);
  const max = beijingWallAsLocal(addBeijingMonths(now, POLL_DEADLINE_MONTHS));
  // A week ahead at 20:00 Beijing time: the usual length of a neighbourhood poll.
  const week = beijingWallAsLocal(new Date(now.getTime() + 7 * 86_400_000));
  week.setHours(20, 0, 0, 0);
  return { min: beijingWallAsLocal(next), max, suggested: week };
}

/** Unix seconds as Beijing `YYYY-MM-DD HH:mm` for display. */
export function formatEndTime(unixSeconds: number): string {
  return localWallToText(beijingWallAsLocal(new Date(unixSeconds * 1000)));
}
