import { afterEach, describe, expect, it, vi } from 'vitest';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base64urlnopad } from '@scure/base';
import { parsePassCode } from '@sq/contract/pass/rotating-code';
import { newDeviceKeyPair, signatureValid, signedPassCodeAt } from '@sq/contract/pass/signed-code';
import { newKeyPair, signCode } from './sign-code';

// A fresh key for each test: the module keeps each key it imported.
const phone = () => ({ id: 'AAAAAAAAAAAAAAAAAAAAAA', kid: 3, privateKey: newDeviceKeyPair().privateKey });

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the phone’s signature of its pass code', () => {
  it('is the browser’s Ed25519 (WebCrypto), the same code noble makes for the same key and step', async () => {
    const key = phone();
    const signing = vi.spyOn(crypto.subtle, 'sign');
    for (const [direction, step] of [[1, 59_000_000], [2, 59_000_001]] as const) {
      expect(await signCode(key, direction, step)).toBe(signedPassCodeAt(key, direction, step));
    }
    expect(signing).toHaveBeenCalledTimes(2);
    expect(signing.mock.calls[0]![0]).toMatchObject({ name: 'Ed25519' });
  });

  it('imports each key once, however many codes it signs', async () => {
    const key = phone();
    const importing = vi.spyOn(crypto.subtle, 'importKey');
    await Promise.all([1, 2, 3].map((step) => signCode(key, 1, step)));
    expect(importing).toHaveBeenCalledTimes(1);
  });

  it('is noble’s, with the same code, where the browser has no Ed25519 or no crypto.subtle (old WebViews, plain http)', async () => {
    const key = phone();
    vi.spyOn(crypto.subtle, 'importKey').mockRejectedValue(new DOMException('Unrecognized name.', 'NotSupportedError'));
    const signing = vi.spyOn(crypto.subtle, 'sign');
    expect(await signCode(key, 1, 100)).toBe(signedPassCodeAt(key, 1, 100));
    expect(signing).not.toHaveBeenCalled();

    const other = phone();
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) }); // plain http: no crypto.subtle
    expect(await signCode(other, 2, 101)).toBe(signedPassCodeAt(other, 2, 101));
  });
});

describe('a new key pair for a pass', () => {
  it('is made by the browser, in the phone’s form: the 32-byte private key whose public half it gives', async () => {
    const generating = vi.spyOn(crypto.subtle, 'generateKey');
    const pair = await newKeyPair();
    // The browser's pair, not noble's: its public half is the one given.
    const made = (await generating.mock.results[0]!.value) as CryptoKeyPair;
    expect(base64urlnopad.encode(new Uint8Array(await crypto.subtle.exportKey('raw', made.publicKey)))).toBe(pair.publicKey);
    expect(base64urlnopad.decode(pair.privateKey)).toHaveLength(32);
    expect(base64urlnopad.encode(ed25519.getPublicKey(base64urlnopad.decode(pair.privateKey)))).toBe(pair.publicKey);
    const code = await signCode({ id: 'AAAAAAAAAAAAAAAAAAAAAA', kid: 1, privateKey: pair.privateKey }, 1, 7);
    expect(signatureValid(parsePassCode(code)!, pair.publicKey)).toBe(true);
  });

  it('is noble’s where the browser cannot make one', async () => {
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) }); // plain http: no crypto.subtle
    const pair = await newKeyPair();
    expect(base64urlnopad.encode(ed25519.getPublicKey(base64urlnopad.decode(pair.privateKey)))).toBe(pair.publicKey);
  });
});
