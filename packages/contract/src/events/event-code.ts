import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { b64ToUuid, uuidToB64 } from '../codes/compact-id';
import { WebRoute } from '../routes';

/**
 * A sign-up's check-in code (issue 34 item 3; DESIGN.md §9 "Codes that staff scan"): the kind
 * `EV1` of the codes a phone shows and a counter scans. `EV1.<sign-up id>.<secret>`: the sign-up's
 * uuid (16 bytes, base64url) and HMAC-SHA256(the event's ticket_key, sign-up id) cut to
 * EVENT_SECRET_BYTES (base64url). The server makes and checks it (modules/events/checkin-codes.ts);
 * this file, shared with the scanner page, only reads its form and hashes its secret for the
 * offline list – it holds no key. Free of zod: the scanner's and the ticket's pages load it.
 */

export const EVENT_CODE_PREFIX = 'EV1';
/** 128 bits: unguessable at any scan rate, and the QR stays small (about 50 characters of code). */
export const EVENT_SECRET_BYTES = 16;

/**
 * Check-in opens this long before the start (people arrive early; staff set up the door) and
 * closes at the end (docs/decisions/event-checkin.md "When the door is open").
 */
export const CHECKIN_OPENS_MINUTES_BEFORE = 120;

/** Whether check-in is open at `atMs` (unix ms) for an event of these times (unix seconds). */
export function checkinOpenAt(startsAt: number, endsAt: number, atMs: number): boolean {
  return atMs >= (startsAt - CHECKIN_OPENS_MINUTES_BEFORE * 60) * 1000 && atMs <= endsAt * 1000;
}

export { uuidToB64 };

const CODE = /^EV1\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;

/** The code's text from its parts (the secret already base64url). */
export function eventCodeOf(signupId: string, secret: string): string {
  return `${EVENT_CODE_PREFIX}.${uuidToB64(signupId)}.${secret}`;
}

/** The sign-up id and secret of a code, or null for anything that is not one. */
export function parseEventCode(code: string): { signupId: string; secret: string } | null {
  const m = CODE.exec(code);
  if (!m) return null;
  const signupId = b64ToUuid(m[1]!);
  return signupId ? { signupId, secret: m[2]! } : null;
}

/**
 * What the offline list holds for a code: SHA-256 (hex) of its secret. A scanner recognises a code
 * with it; nobody can make a code from it (a lost duty phone mints nothing).
 */
export function eventSecretDigest(secret: string): string {
  return bytesToHex(sha256(utf8ToBytes(secret)));
}

/** The QR's text: the address of the ticket page, so a phone's ordinary camera opens /activityticket. */
export function eventTicketUrl(origin: string, code: string): string {
  return `${origin}${WebRoute.eventTicket}?code=${encodeURIComponent(code)}`;
}
