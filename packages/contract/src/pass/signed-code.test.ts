import { describe, expect, it } from 'vitest';
import { PASS_CODE_MAX_LENGTH } from './code-steps';
import { parsePassCode } from './rotating-code';
import { newDeviceKeyPair, signatureValid, signedPassCodeAt } from './signed-code';

describe('signed pass codes', () => {
  const pair = newDeviceKeyPair();
  const key = { id: 'AAAAAAAAAAAAAAAAAAAAAA', kid: 9999, privateKey: pair.privateKey };

  it('parse as signed codes that only the public half of their key checks', () => {
    const code = signedPassCodeAt(key, 2, 999_999_999_999);
    expect(code.length).toBeLessThanOrEqual(PASS_CODE_MAX_LENGTH);
    const parsed = parsePassCode(code)!;
    expect(parsed).toMatchObject({ id: key.id, direction: 2, v: 9999, step: 999_999_999_999, signed: true });
    expect(signatureValid(parsed, pair.publicKey)).toBe(true);
    expect(signatureValid(parsed, newDeviceKeyPair().publicKey)).toBe(false);
  });

  it('bind every part: the direction, the step, the key number and the pass', () => {
    const parsed = parsePassCode(signedPassCodeAt(key, 1, 100))!;
    for (const changed of [{ direction: 2 as const }, { step: 101 }, { v: 1 }, { id: 'BBBBBBBBBBBBBBBBBBBBBB' }]) {
      expect(signatureValid({ ...parsed, ...changed }, pair.publicKey), JSON.stringify(changed)).toBe(false);
    }
    // A public key or signature of the wrong length is a refusal, not an exception.
    expect(signatureValid(parsed, 'AAAA')).toBe(false);
    expect(signatureValid({ ...parsed, mac: 'A'.repeat(86) }, pair.publicKey)).toBe(false);
  });
});
