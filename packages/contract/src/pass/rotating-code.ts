import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The rotating pass code (issue 13; docs/decisions/gate-and-scanner.md "Rotating pass codes"). The phone holds its
 * pass's secret and shows a new code every step; the gate accepts a code of the current step or
 * one step either side (the phone's clock, corrected by the server's, may still be a little off),
 * so a code – or a screenshot of it – works for at most a minute after it appeared.
 *
 * Shared by the server (which derives the secret and checks codes) and the pass page (which makes
 * them, also offline, in a chunk of their own). The steps are in code-steps.ts.
 */

/** MAC bytes in a code: 80 bits, unguessable within a code's minute even at any scan rate. */
const MAC_BYTES = 10;

/** What the phone keeps to make its codes (GET /v1/userCard/my `codeKey`). */
export interface PassCodeKey {
  /** The pass (registration) id, base64url: the code names the pass it belongs to. */
  id: string;
  /** The community key's version the secret derives from (keys can be rotated). */
  v: number;
  /** The pass's secret, 32 bytes in hex. */
  secret: string;
  /** Unix ms until which the phone may show codes without reaching the server. */
  until: number;
}

export interface ParsedPassCode {
  id: string;
  direction: 1 | 2;
  /** The community key's version (a server-made code), or the phone's key number (`signed`). */
  v: number;
  step: number;
  /** The MAC (hex), or the signature (base64url) of a signed code. */
  mac: string;
  /** Made and signed by the phone's own key (signed-code.ts), not by the server's community key. */
  signed: boolean;
}

/** The MAC binds the pass, the direction, the key version and the step. */
function macOf(key: Pick<PassCodeKey, 'id' | 'v' | 'secret'>, direction: number, step: number): string {
  const message = utf8ToBytes(`sq-pass|${key.id}|${direction}|${key.v}|${step}`);
  return bytesToHex(hmac(sha256, hexToBytes(key.secret), message).subarray(0, MAC_BYTES));
}

/** `<pass id>.<direction><version>.<step>.<mac>`, about 55 characters. */
export function passCodeAt(key: Pick<PassCodeKey, 'id' | 'v' | 'secret'>, direction: number, step: number): string {
  return `${key.id}.${direction}${key.v}.${step}.${macOf(key, direction, step)}`;
}

/** A server-made code's MAC is 20 hex digits; a phone's signature 86 base64url characters (signed-code.ts). */
const CODE_FORMAT = /^([A-Za-z0-9_-]{22})\.([12])(\d{1,4})\.(\d{1,12})\.([0-9a-f]{20}|[A-Za-z0-9_-]{86})$/;

/** The parts of a code, or null for anything that is not one (old codes, typing, forgeries of form). */
export function parsePassCode(code: string): ParsedPassCode | null {
  const m = CODE_FORMAT.exec(code);
  if (!m) return null;
  return { id: m[1]!, direction: Number(m[2]) as 1 | 2, v: Number(m[3]), step: Number(m[4]), mac: m[5]!, signed: m[5]!.length === 86 };
}

/**
 * A pass's secret from its community's key (hex): what the server hands the phone, and what a
 * scanner with no signal re-derives to check a code.
 */
export function passSecretOf(communityKeyHex: string, passId: string): string {
  return bytesToHex(hmac(sha256, hexToBytes(communityKeyHex), utf8ToBytes(`pass|${passId}`)));
}

/** Whether the code's MAC was made with this secret (compared in constant time). */
export function macMatches(code: ParsedPassCode, secret: string): boolean {
  if (code.signed) return false;
  const expected = macOf({ id: code.id, v: code.v, secret }, code.direction, code.step);
  let diff = expected.length ^ code.mac.length;
  for (let i = 0; i < expected.length && i < code.mac.length; i++) diff |= expected.charCodeAt(i) ^ code.mac.charCodeAt(i);
  return diff === 0;
}
