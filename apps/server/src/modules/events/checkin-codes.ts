import { createHmac, timingSafeEqual } from 'node:crypto';
import { CODE_STEP_SECONDS, codeStepAt, inWindow } from '@sq/contract/pass/code-steps';
import { EVENT_SECRET_BYTES, eventCodeOf, parseEventCode } from '@sq/contract/events/event-code';
import { WebRoute } from '@sq/contract/routes';

/**
 * The check-in codes' keys (DESIGN.md §9 "Codes that staff scan", kind EV1; the text's form is
 * the contract's event-code.ts). Every event has its own 32-byte ticket_key, which never leaves
 * the server: a sign-up's code and the door QR both derive from it.
 */

const mac = (key: Buffer, message: string, bytes: number) => createHmac('sha256', key).update(message).digest().subarray(0, bytes);

/** The sign-up's secret: HMAC-SHA256(ticket_key, sign-up id), cut to EVENT_SECRET_BYTES, base64url. */
export function ticketSecretOf(ticketKey: Buffer, signupId: string): string {
  return mac(ticketKey, signupId, EVENT_SECRET_BYTES).toString('base64url');
}

/** The code a confirmed sign-up shows as its QR (the event detail's `ticket`): `EV1.<id>.<secret>`. */
export function ticketCodeOf(ticketKey: Buffer, signupId: string): string {
  return eventCodeOf(signupId, ticketSecretOf(ticketKey, signupId));
}

/** Whether `secret` is the one `signupId`'s code carries under this key (compared in constant time). */
export function ticketSecretValid(ticketKey: Buffer, signupId: string, secret: string): boolean {
  const expected = Buffer.from(ticketSecretOf(ticketKey, signupId));
  const given = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The sign-up a code names, when it has the code's form. */
export const signupIdIn = (code: string) => parseEventCode(code)?.signupId ?? null;

/** 80 bits: a door code lives a minute and a half; guessing one in that time is hopeless. */
const DOOR_MAC_BYTES = 10;
const doorMac = (ticketKey: Buffer, eventId: string, step: number) => mac(ticketKey, `door|${eventId}|${step}`, DOOR_MAC_BYTES).toString('base64url');

/** The door QR's code for the step of `at`: `<step>.<mac>`; a new one every CODE_STEP_SECONDS. */
export function doorCodeAt(ticketKey: Buffer, eventId: string, at: Date): { code: string; validUntil: number } {
  const step = codeStepAt(at.getTime());
  return { code: `${step}.${doorMac(ticketKey, eventId, step)}`, validUntil: (step + 1) * CODE_STEP_SECONDS * 1000 };
}

/** The door QR's text: the address of /activitycheckin, which the resident's camera opens. */
export const doorUrl = (origin: string, eventId: string, code: string) => `${origin}${WebRoute.eventCheckin}?id=${eventId}&door=${encodeURIComponent(code)}`;

/** A door code of this event made within one step of `at` (either way, as the pass codes). */
export function doorCodeValid(ticketKey: Buffer, eventId: string, code: string, at: Date): boolean {
  const m = /^(\d{1,12})\.([A-Za-z0-9_-]{14})$/.exec(code);
  if (!m) return false;
  const step = Number(m[1]);
  if (!inWindow(step, codeStepAt(at.getTime()))) return false;
  const expected = Buffer.from(doorMac(ticketKey, eventId, step));
  return timingSafeEqual(Buffer.from(m[2]!), expected);
}
