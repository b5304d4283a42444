import type { PassView } from '@sq/contract/pass/pass-view';
import { codeStepAt } from '@sq/contract/pass/code-steps';
import { passCodeAt } from '@sq/contract/pass/rotating-code';

export type RotatingQr =
  /** `step`: the code's time step; `offsetMs`: the server's clock minus the phone's (the countdown counts on it). */
  | { kind: 'code'; code: string; qr: string; step: number; offsetMs: number }
  /** The phone may not make codes any more (offline too long, or the pass's end passed). */
  | { kind: 'outOfTime' }
  /** The server gave no key (an old server): show its code as it is. */
  | { kind: 'fixed'; code: string; qr: string };

/** The QR's address with `code` swapped for the current one (the server gives the address once). */
export function qrWithCode(qr: string, code: string): string {
  const url = new URL(qr);
  url.searchParams.set('code', code);
  return url.toString();
}

/** `codeMoment` once the phone may not make codes any more (offline too long, or the pass ended). */
export const OUT_OF_TIME = -1;

/**
 * What decides the code on screen at `phoneNow` (ms): its step, counted on the server's clock,
 * which the page knows as `offsetMs` (server minus phone, measured when the pass arrived) – so a
 * phone whose clock is minutes off still shows a code the gate takes – or OUT_OF_TIME. The page
 * is drawn again only when this changes (every 30 s), not every second.
 */
export function codeMoment(view: Pick<PassView, 'codeKey'>, offsetMs: number, phoneNow: number): number {
  const serverNow = phoneNow + offsetMs;
  return view.codeKey && serverNow >= view.codeKey.until ? OUT_OF_TIME : codeStepAt(serverNow);
}

/** The code to show at `moment` (codeMoment's). */
export function rotatingQr(view: Pick<PassView, 'code' | 'qr' | 'pass' | 'codeKey'>, offsetMs: number, moment: number): RotatingQr {
  const key = view.codeKey;
  if (!key) return { kind: 'fixed', code: view.code, qr: view.qr };
  if (moment === OUT_OF_TIME) return { kind: 'outOfTime' };
  const code = passCodeAt(key, view.pass, moment);
  return { kind: 'code', code, qr: qrWithCode(view.qr, code), step: moment, offsetMs };
}
