/** Mainland China mobile numbers: 11 digits starting 13–19 (MIIT numbering plan). */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const MSG_MOBILE_INVALID = '请输入正确的手机号';
/** Nothing typed: a different thing to fix than a wrong number. */
export const MSG_MOBILE_REQUIRED = '请输入手机号';

/** SMS login codes are six digits: short enough to type, 10⁶ guesses against ≤ 5 tries. */
export const SMS_CODE_LENGTH = 6;
/** A login code as typed: exactly SMS_CODE_LENGTH digits. */
export const SMS_CODE_PATTERN = new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`);
/** A code lives at most ten minutes, the usual window for Chinese SMS login codes. */
export const SMS_CODE_TTL_SECONDS = 10 * 60;
/** Five wrong tries burn the code, so guessing has a 5 in 10⁶ chance at most. */
export const SMS_CODE_MAX_TRIES = 5;
/** The get-code button counts down this long, matching the server's per-mobile resend limit. */
export const SMS_RESEND_SECONDS = 60;

// In a module of its own: the first-load screens share this file (mobile rules, masking) with the
// management forms that validate a poiId, and a schema here would bring zod to every first load.
export { ZPoiId } from './poi-id';

/** Masks a mobile for lists: 138****0000; one abroad keeps its country code: +852****4567. */
export function maskMobile(mobile: string): string {
  if (mobile.length === 11) return `${mobile.slice(0, 3)}****${mobile.slice(7)}`;
  if (mobile.startsWith('+') && mobile.length >= 10) return `${mobile.slice(0, mobile.length - 8)}****${mobile.slice(-4)}`;
  return '***';
}

/** A mobile may ask for a new code once a minute and ten times a day: SMS costs money and annoys. */
export const SMS_MAX_PER_MOBILE_PER_DAY = 10;
/** One address may ask for 30 codes an hour: a family or office behind one NAT, but not a bot. */
export const SMS_MAX_PER_IP_PER_HOUR = 30;
/**
 * Failed logins slow the guesser down and never lock the account's owner out (anyone could send
 * wrong codes for someone else's mobile). Guessing one mobile's code is bounded by its codes:
 * SMS_MAX_PER_MOBILE_PER_DAY codes × SMS_CODE_MAX_TRIES tries = 50 guesses a day at 1 in 10⁶ each.
 * From one address, the first LOGIN_FREE_FAILURES failures of an hour are answered at once; after
 * them each next try waits twice as long as the last (2 s, 4 s, 8 s … at most
 * LOGIN_MAX_DELAY_SECONDS), and LOGIN_FAILURES_PER_IP_PER_DAY stops that address for the rest of
 * the day – generous, because many phones share one address (carriers' NAT, a community's Wi-Fi).
 */
export const LOGIN_FREE_FAILURES = 5;
export const LOGIN_MAX_DELAY_SECONDS = 300;
export const LOGIN_FAILURES_PER_IP_PER_DAY = 50;

/** Seconds an address must still wait before its next login try, after `failures` failures this hour, the last `sinceLast` ms ago. */
export function loginDelaySeconds(failures: number, sinceLastMs: number): number {
  if (failures < LOGIN_FREE_FAILURES) return 0;
  const pause = Math.min(2 ** (failures - LOGIN_FREE_FAILURES + 1), LOGIN_MAX_DELAY_SECONDS);
  return Math.max(0, Math.ceil(pause - sinceLastMs / 1000));
}
