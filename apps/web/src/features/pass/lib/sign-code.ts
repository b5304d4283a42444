import type { DeviceKey } from '@sq/contract/pass/signed-code';
import { keyPairOfExport, privateKeyPkcs8, signedCodeText, signedMessage } from '@sq/contract/pass/signed-message';
import { loadOnce } from '../../../lib/load-once';

/**
 * The phone's Ed25519 signatures (issue 32 item 18), made by the browser's WebCrypto: off the
 * page's thread, and without @noble/curves, whose first signature builds a table of the curve's
 * points – on a slow phone a quarter of a second of the pass page's only thread, just as its code
 * was due. Where the browser has no Ed25519 (an old WebView, WeChat's older X5) or no
 * `crypto.subtle` (plain http), noble does it on the page, fetched only then. Ed25519 signatures
 * are deterministic (RFC 8032): both give the same code, the one the gate checks.
 */

const ED25519 = { name: 'Ed25519' };

const loadNoble = loadOnce(() => import('@sq/contract/pass/signed-code'));

const subtle = (): SubtleCrypto | null => globalThis.crypto?.subtle ?? null;

/** Each pass key imported once (null: this browser cannot), by its private key. */
const imported = new Map<string, Promise<CryptoKey | null>>();

function webKey(privateKey: string): Promise<CryptoKey | null> {
  let key = imported.get(privateKey);
  if (!key) {
    const s = subtle();
    key = s ? s.importKey('pkcs8', privateKeyPkcs8(privateKey), ED25519, false, ['sign']).catch(() => null) : Promise.resolve(null);
    imported.set(privateKey, key);
  }
  return key;
}

/** The signed code of `step`: signed-code.ts's `signedPassCodeAt`, the same text, made off the page's thread where the browser can. */
export async function signCode(key: DeviceKey, direction: number, step: number): Promise<string> {
  const web = await webKey(key.privateKey);
  if (web) {
    try {
      const signature = new Uint8Array(await subtle()!.sign(ED25519, web, signedMessage(key.id, direction, key.kid, step)));
      return signedCodeText(key.id, direction, key.kid, step, signature);
    } catch {
      // A browser that imports the key but cannot sign with it: noble below.
    }
  }
  return (await loadNoble()).signedPassCodeAt(key, direction, step);
}

/**
 * A new key pair for a pass, in signed-code.ts's `newDeviceKeyPair` form: the browser's, exported
 * as the 32 bytes the phone keeps, or noble's where the browser has no Ed25519.
 */
export async function newKeyPair(): Promise<{ privateKey: string; publicKey: string }> {
  const s = subtle();
  try {
    if (s) {
      const pair = (await s.generateKey(ED25519, true, ['sign', 'verify'])) as CryptoKeyPair;
      const made = keyPairOfExport(new Uint8Array(await s.exportKey('pkcs8', pair.privateKey)), new Uint8Array(await s.exportKey('raw', pair.publicKey)));
      if (made) return made;
    }
  } catch {
    // No Ed25519 in this browser: noble below.
  }
  return (await loadNoble()).newDeviceKeyPair();
}
