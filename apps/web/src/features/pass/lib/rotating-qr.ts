import type { PassView } from '@sq/contract/pass/pass-view';
import { codeStepAt } from '@sq/contract/pass/code-steps';
import type { DeviceKey } from '@sq/contract/pass/signed-code';

import { deviceKeyFor, type KeyOwner } from './device-keys';
import { signCode } from './sign-code';

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

type ShownView = Pick<PassView, 'code' | 'qr' | 'pass' | 'codeKey'>;

/** What is shown at `moment` without a signature (the server's code when the phone has no key for the pass, or out of time), or the key to sign with. */
function unsignedOrKey(view: ShownView, moment: number, device: DeviceKey | null): RotatingQr | DeviceKey {
  const key = view.codeKey;
  if (!key || !device || device.id !== key.id) return { kind: 'fixed', code: view.code, qr: view.qr };
  return moment === OUT_OF_TIME ? { kind: 'outOfTime' } : device;
}
const isKey = (v: RotatingQr | DeviceKey): v is DeviceKey => 'privateKey' in v;

const codeQr = (view: ShownView, code: string, step: number, offsetMs: number): RotatingQr => ({ kind: 'code', code, qr: qrWithCode(view.qr, code), step, offsetMs });

/**
 * The last few codes signed for each pass key and direction, by step: a page opened again within
 * its step shows its code at once, and at a new step the code on screen stays until the next one
 * is signed.
 */
const signed = new Map<string, Map<number, string>>();
const signedBy = (device: DeviceKey, direction: number) => `${device.id}|${device.kid}|${direction}`;

function remember(by: string, step: number, code: string) {
  const codes = signed.get(by) ?? new Map<number, string>();
  signed.set(by, codes.set(step, code));
  if (codes.size > 3) codes.delete(Math.min(...codes.keys()));
}

/**
 * The code to show at `moment` (codeMoment's): signed with the phone's own key (`device`) when it
 * has one for this pass (sign-code.ts: off the page's thread where the browser can); without one
 * yet, the server's code as it came.
 */
export async function rotatingQr(view: ShownView, offsetMs: number, moment: number, device: DeviceKey | null): Promise<RotatingQr> {
  const plan = unsignedOrKey(view, moment, device);
  if (!isKey(plan)) return plan;
  const code = await signCode(plan, view.pass, moment);
  remember(signedBy(plan, view.pass), moment, code);
  return codeQr(view, code, moment, offsetMs);
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

const keyOf = (view: ShownView) => (view.codeKey ? (devices.get(view.codeKey.id) ?? null) : null);

/**
 * What to show at once, in a render: `rotatingQr` with the key `prepareKey` found for the view's
 * pass. `qr` is null while that key is still being looked for (the page keeps the code's place),
 * so a kept copy's stale server code never flashes. `signing` when the moment's code is still to be
 * signed (`signQr`): `qr` is then the newest code signed for the pass, if any, until it is ready.
 */
export function shownQr(view: ShownView, offsetMs: number, moment: number): { qr: RotatingQr | null; signing: boolean } {
  if (view.codeKey && !devices.has(view.codeKey.id)) return { qr: null, signing: false };
  const plan = unsignedOrKey(view, moment, keyOf(view));
  if (!isKey(plan)) return { qr: plan, signing: false };
  const codes = signed.get(signedBy(plan, view.pass));
  const code = codes?.get(moment);
  if (code) return { qr: codeQr(view, code, moment, offsetMs), signing: false };
  // Meanwhile the newest code signed: the one on screen (a step in the past: its countdown shows 0).
  const last = codes?.size ? Math.max(...codes.keys()) : null;
  return { qr: last === null ? null : codeQr(view, codes!.get(last)!, last, offsetMs), signing: true };
}

/** Signs the moment's code that `shownQr` is waiting for; `shownQr` has it once this settles. */
export const signQr = (view: ShownView, moment: number): Promise<RotatingQr> => rotatingQr(view, 0, moment, keyOf(view));
