import type { PassView } from '@sq/contract/pass/pass-view';
import { codeStepAt } from '@sq/contract/pass/code-steps';
import { signedPassCodeAt, type DeviceKey } from '@sq/contract/pass/signed-code';

import { deviceKeyFor, type KeyOwner } from './device-keys';

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

/**
 * The code to show at `moment` (codeMoment's): signed with the phone's own key (`device`) when it
 * has one for this pass; without one yet, the server's code as it came.
 */
export function rotatingQr(view: Pick<PassView, 'code' | 'qr' | 'pass' | 'codeKey'>, offsetMs: number, moment: number, device: DeviceKey | null): RotatingQr {
  const key = view.codeKey;
  if (!key || !device || device.id !== key.id) return { kind: 'fixed', code: view.code, qr: view.qr };
  if (moment === OUT_OF_TIME) return { kind: 'outOfTime' };
  const code = signedPassCodeAt(device, view.pass, moment);
  return { kind: 'code', code, qr: qrWithCode(view.qr, code), step: moment, offsetMs };
}

/** The phone's key of each pass this page has shown (null: none could be made yet). */
const devices = new Map<string, DeviceKey | null>();
/** One search (or registration) at a time per pass and view: a page renders often, a phone registers once. */
const asked = new Map<string, Promise<void>>();

/**
 * Finds (or makes and registers) the phone's key for the view's pass, for `shownQr` to sign with.
 * Kept here rather than in the page's hook: the pass page's first load stays within its budget.
 */
export function prepareKey(view: Pick<PassView, 'codeKey' | 'serverTime'>, owner: KeyOwner): Promise<void> {
  const key = view.codeKey;
  if (!key) return Promise.resolve();
  const known = devices.get(key.id);
  if (known && key.kids.includes(known.kid)) return Promise.resolve();
  const question = `${key.id}|${key.kids.join(',')}|${view.serverTime}`;
  let pending = asked.get(question);
  if (!pending) {
    pending = deviceKeyFor(view, owner).then((d) => void devices.set(key.id, d));
    asked.set(question, pending);
  }
  return pending;
}

/**
 * `rotatingQr` with the key `prepareKey` found for the view's pass; null while it is still being
 * looked for (the page keeps the code's place), so a kept copy's stale server code never flashes.
 */
export function shownQr(view: Pick<PassView, 'code' | 'qr' | 'pass' | 'codeKey'>, offsetMs: number, moment: number): RotatingQr | null {
  if (view.codeKey && !devices.has(view.codeKey.id)) return null;
  return rotatingQr(view, offsetMs, moment, (view.codeKey && devices.get(view.codeKey.id)) ?? null);
}
