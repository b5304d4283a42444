import { ed25519 } from '@noble/curves/ed25519.js';
import { base64urlnopad } from '@scure/base';
import type { ParsedPassCode } from './rotating-code';
import { signedCodeText, signedMessage } from './signed-message';

export { signedMessage };

/**
 * Signed pass codes (issue 32 item 2). Each phone that shows a pass holds an Ed25519 key pair of
 * its own: the private half never leaves the phone, the server and the duty staff's offline kit
 * hold only the public half. A scanner can check a code but can never make one – unlike the
 * community key the kit held before, from which every pass's code could be computed.
 *
 * A signed code has the HMAC code's form (rotating-code.ts) with the key's number (`kid`, per pass)
 * where the community key's version was, and the 64-byte signature in base64url (86 characters)
 * where the 10-byte MAC was: about 120 characters, a QR of version 9–10 with the page's address.
 */

/** What a phone keeps for one pass: the key's number on the server and the private key (hex-free base64url). */
export interface DeviceKey {
  /** The pass id codes carry. */
  id: string;
  kid: number;
  /** The 32-byte Ed25519 private key, base64url. */
  privateKey: string;
}

/** A new key pair: the private half for the phone, the public half (base64url, 43 characters) for the server. */
export function newDeviceKeyPair(): { privateKey: string; publicKey: string } {
  const secret = ed25519.utils.randomSecretKey();
  return { privateKey: base64urlnopad.encode(secret), publicKey: base64urlnopad.encode(ed25519.getPublicKey(secret)) };
}

/**
 * `<pass id>.<direction><kid>.<step>.<signature>`. Synchronous, on the calling thread: the phone's
 * page signs with the browser's Ed25519 where it has one (web pass/lib/sign-code.ts); this is its
 * fallback, and the tests' and tools' way to act as a phone.
 */
export function signedPassCodeAt(key: DeviceKey, direction: number, step: number): string {
  const signature = ed25519.sign(signedMessage(key.id, direction, key.kid, step), base64urlnopad.decode(key.privateKey));
  return signedCodeText(key.id, direction, key.kid, step, signature);
}

/** Whether a signed code (parsePassCode's, `signed`) was made with the private half of `publicKey` (base64url). */
export function signatureValid(code: ParsedPassCode, publicKey: string): boolean {
  if (!code.signed) return false;
  try {
    return ed25519.verify(base64urlnopad.decode(code.mac), signedMessage(code.id, code.direction, code.v, code.step), base64urlnopad.decode(publicKey));
  } catch {
    return false; // a public key or signature of the wrong length
  }
}
