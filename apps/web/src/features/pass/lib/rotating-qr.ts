import type { PassView } from '@sq/contract/pass/pass-view';
import { codeStepAt, secondsToNextStep } from '@sq/contract/pass/code-steps';
import { passCodeAt } from '@sq/contract/pass/rotating-code';

export type RotatingQr =
  | { kind: 'code'; code: string; qr: string; secondsLeft: number }
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

/**
 * The code to show at `phoneNow` (ms): steps are counted on the server's clock, which the page
 * knows as `offsetMs` (server minus phone, measured when the pass arrived), so a phone whose clock
 * is minutes off still shows a code the gate takes.
 */
export function rotatingQr(view: Pick<PassView, 'code' | 'qr' | 'pass' | 'codeKey'>, offsetMs: number, phoneNow: number): RotatingQr {
  const key = view.codeKey;
  if (!key) return { kind: 'fixed', code: view.code, qr: view.qr };
  const serverNow = phoneNow + offsetMs;
  if (serverNow >= key.until) return { kind: 'outOfTime' };
  const code = passCodeAt(key, view.pass, codeStepAt(serverNow));
  return { kind: 'code', code, qr: qrWithCode(view.qr, code), secondsLeft: secondsToNextStep(serverNow) };
}
