import { base64urlnopad } from '@scure/base';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The signed pass code's text, without the curve's code (signed-code.ts has it): a phone that signs
 * with the browser's own Ed25519 (WebCrypto) builds the same code without downloading @noble/curves.
 */

/** What the signature covers: the pass, the direction, the key and the step (so no part can be changed). */
export const signedMessage = (id: string, direction: number, kid: number, step: number) => utf8ToBytes(`sq-pass2|${id}|${direction}|${kid}|${step}`);

/** `<pass id>.<direction><kid>.<step>.<signature>`: the code of a 64-byte signature of `signedMessage`. */
export const signedCodeText = (id: string, direction: number, kid: number, step: number, signature: Uint8Array) =>
  `${id}.${direction}${kid}.${step}.${base64urlnopad.encode(signature)}`;

/** An Ed25519 private key in PKCS#8 (WebCrypto's form) is this fixed prefix and the key's 32 bytes (RFC 8410). */
const PKCS8_PREFIX = Uint8Array.from([0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20]);

/** The phone's private key (base64url, 32 bytes) as PKCS#8, for `crypto.subtle.importKey`. */
export function privateKeyPkcs8(privateKey: string): Uint8Array<ArrayBuffer> {
  const pkcs8 = new Uint8Array(PKCS8_PREFIX.length + 32);
  pkcs8.set(PKCS8_PREFIX);
  pkcs8.set(base64urlnopad.decode(privateKey), PKCS8_PREFIX.length);
  return pkcs8;
}

/** A key pair WebCrypto exported (PKCS#8 and raw) in the phone's form; null for anything but an Ed25519 pair's. */
export function keyPairOfExport(pkcs8: Uint8Array, rawPublic: Uint8Array): { privateKey: string; publicKey: string } | null {
  const prefixed = pkcs8.length === PKCS8_PREFIX.length + 32 && PKCS8_PREFIX.every((b, i) => pkcs8[i] === b);
  if (!prefixed || rawPublic.length !== 32) return null;
  return { privateKey: base64urlnopad.encode(pkcs8.subarray(PKCS8_PREFIX.length)), publicKey: base64urlnopad.encode(rawPublic) };
}
