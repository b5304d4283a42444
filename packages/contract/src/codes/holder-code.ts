import { ed25519 } from '@noble/curves/ed25519.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { base64urlnopad } from '@scure/base';
import { CODE_STEP_SECONDS, codeStepAt, inWindow } from '../pass/code-steps';
import { b64ToUuid, uuidToB64 } from './compact-id';

/**
 * Codes a holder's phone shows and a counter scans (DESIGN.md §9 "Codes that staff scan"): a
 * coupon now (`CP1`), an order's pickup next. The phone signs each code with its own Ed25519 key
 * (registered with POST /v1/holderKeys; the private half never leaves the phone), and the code
 * rotates with the pass's 30-second steps, so a photo of it stops working and a counter – online,
 * or offline with only the holders' public keys in its kit – can check a code but never make one.
 *
 * `<KIND>.<id, 22 base64url>.<kid>.<step>.<signature, 86 base64url>`, about 130 characters. The
 * signature covers the kind too: a coupon's code is never taken for another kind's.
 */

export const HOLDER_CODE_KINDS = { coupon: 'CP1', order: 'OP1' } as const;
export type HolderCodeKind = keyof typeof HOLDER_CODE_KINDS;
export type HolderCodePrefix = (typeof HOLDER_CODE_KINDS)[HolderCodeKind];

/** What a phone keeps: its key's number on the server and the 32-byte private key (base64url). */
export interface HolderKey {
  kid: number;
  privateKey: string;
}

export interface ParsedHolderCode {
  prefix: HolderCodePrefix;
  id: string;
  kid: number;
  step: number;
  signature: string;
}

/** The longest holder code there is (kid ≤ 9 digits, step ≤ 12). */
export const HOLDER_CODE_MAX_LENGTH = 3 + 1 + 22 + 1 + 9 + 1 + 12 + 1 + 86;

const CODE = /^(CP1|OP1)\.([A-Za-z0-9_-]{22})\.(\d{1,9})\.(\d{1,12})\.([A-Za-z0-9_-]{86})$/;

const message = (prefix: string, id: string, kid: number, step: number) => utf8ToBytes(`sq-holder|${prefix}|${id}|${kid}|${step}`);

/** A new key pair: the private half for the phone, the public half (base64url, 43 characters) for the server. */
export function newHolderKeyPair(): { privateKey: string; publicKey: string } {
  const secret = ed25519.utils.randomSecretKey();
  return { privateKey: base64urlnopad.encode(secret), publicKey: base64urlnopad.encode(ed25519.getPublicKey(secret)) };
}

/** The code for `id` (a uuid) at the step of `atMs` (unix ms, the server-corrected clock). */
export function holderCodeAt(key: HolderKey, kind: HolderCodeKind, id: string, atMs: number): { code: string; validUntil: number } {
  const prefix = HOLDER_CODE_KINDS[kind];
  const step = codeStepAt(atMs);
  const signature = ed25519.sign(message(prefix, id, key.kid, step), base64urlnopad.decode(key.privateKey));
  return { code: `${prefix}.${uuidToB64(id)}.${key.kid}.${step}.${base64urlnopad.encode(signature)}`, validUntil: (step + 1) * CODE_STEP_SECONDS * 1000 };
}

/** The parts of a holder code, or null for any text that is not one. */
export function parseHolderCode(text: string): ParsedHolderCode | null {
  const m = CODE.exec(text.trim());
  if (!m) return null;
  const id = b64ToUuid(m[2]!);
  if (!id) return null;
  return { prefix: m[1] as HolderCodePrefix, id, kid: Number(m[3]), step: Number(m[4]), signature: m[5]! };
}

/** Whether the code was signed by the private half of `publicKey` (base64url) – its time not checked. */
export function holderSignatureValid(code: ParsedHolderCode, publicKey: string): boolean {
  try {
    return ed25519.verify(base64urlnopad.decode(code.signature), message(code.prefix, code.id, code.kid, code.step), base64urlnopad.decode(publicKey));
  } catch {
    return false; // a key or signature of the wrong length
  }
}

/** Whether the code's step is current at `atMs` (one step of skew either way, as the pass's codes). */
export const holderCodeCurrent = (code: ParsedHolderCode, atMs: number) => inWindow(code.step, codeStepAt(atMs));
