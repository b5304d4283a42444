import { EVENT_MAX_DAYS, EVENT_MAX_DAYS_AHEAD, EventMsg } from '@sq/contract/events/event-rules';
import { badRequest } from '../../lib/errors';

const HOUR_S = 3600;
const DAY_S = 24 * HOUR_S;
/** The default cut-off for a person's own cancelling: two hours before the start (events.ts ZEventBody). */
const CANCEL_BEFORE_S = 2 * HOUR_S;

/** The times an event's form sends, in unix seconds (the optional ones omitted for their defaults). */
export interface TimesInput {
  startsAt: number;
  endsAt: number;
  signupOpensAt?: number;
  signupClosesAt?: number;
  cancelUntil?: number;
}

export interface EventTimes {
  startsAt: Date;
  endsAt: Date;
  signupOpensAt: Date;
  signupClosesAt: Date;
  cancelUntil: Date;
}

/**
 * An event's times checked together (docs/decisions/events.md "Times"), in the order EventMsg lists
 * them, with the defaults filled in: sign-up opens at once (or, on an edit, when it opened) and closes
 * at the start; a person may cancel until two hours before it (never before sign-up opens).
 * `opened`: an edited event's stored opening.
 */
export function checkTimes(t: TimesInput, now: Date, opened?: Date): EventTimes {
  const nowS = Math.floor(now.getTime() / 1000);
  if (t.endsAt <= t.startsAt) throw badRequest(EventMsg.endBeforeStart);
  if (t.endsAt - t.startsAt > EVENT_MAX_DAYS * DAY_S) throw badRequest(EventMsg.tooLong);
  if (t.startsAt > nowS + EVENT_MAX_DAYS_AHEAD * DAY_S) throw badRequest(EventMsg.tooFar);
  if (t.startsAt <= nowS) throw badRequest(EventMsg.startPast);
  const opens = t.signupOpensAt ?? (opened ? Math.min(Math.floor(opened.getTime() / 1000), nowS) : nowS);
  const closes = t.signupClosesAt ?? t.startsAt;
  if (closes <= opens || closes > t.endsAt) throw badRequest(EventMsg.window);
  const cancelUntil = t.cancelUntil ?? Math.max(t.startsAt - CANCEL_BEFORE_S, opens);
  if (cancelUntil > t.startsAt) throw badRequest(EventMsg.cancelUntil);
  const at = (s: number) => new Date(s * 1000);
  return { startsAt: at(t.startsAt), endsAt: at(t.endsAt), signupOpensAt: at(opens), signupClosesAt: at(closes), cancelUntil: at(cancelUntil) };
}

/** An event lasts at most EVENT_MAX_DAYS: one still running started at most that long ago (the lists' index bound). */
export const longestEventMs = EVENT_MAX_DAYS * DAY_S * 1000;
