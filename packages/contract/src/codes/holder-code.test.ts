import { describe, expect, it } from 'vitest';
import { CODE_STEP_SECONDS } from '../pass/code-steps';
import { HOLDER_CODE_MAX_LENGTH, holderCodeAt, holderCodeCurrent, holderSignatureValid, newHolderKeyPair, parseHolderCode } from './holder-code';

const id = '3f2b8c1e-9a47-4d2f-8b6e-1c0d5e7f9a21';
const t = Date.UTC(2026, 10, 27, 9, 0, 0);

describe('holder-signed codes', () => {
  const pair = newHolderKeyPair();
  const key = { kid: 7, privateKey: pair.privateKey };

  it('reads back what the phone signed, and the counter checks it with the public half only', () => {
    const { code, validUntil } = holderCodeAt(key, 'coupon', id, t);
    expect(code.startsWith('CP1.')).toBe(true);
    expect(code.length).toBeLessThanOrEqual(HOLDER_CODE_MAX_LENGTH);
    expect(validUntil).toBeGreaterThan(t);
    const parsed = parseHolderCode(code)!;
    expect(parsed).toMatchObject({ prefix: 'CP1', id, kid: 7 });
    expect(holderSignatureValid(parsed, pair.publicKey)).toBe(true);
    expect(holderSignatureValid(parsed, newHolderKeyPair().publicKey)).toBe(false);
  });

  it('refuses a changed id, key number or step', () => {
    const parsed = parseHolderCode(holderCodeAt(key, 'coupon', id, t).code)!;
    expect(holderSignatureValid({ ...parsed, id: id.replace('3f', '4f') }, pair.publicKey)).toBe(false);
    expect(holderSignatureValid({ ...parsed, kid: 8 }, pair.publicKey)).toBe(false);
    expect(holderSignatureValid({ ...parsed, step: parsed.step + 1 }, pair.publicKey)).toBe(false);
  });

  it('is current for one step either way and then stops working', () => {
    const parsed = parseHolderCode(holderCodeAt(key, 'coupon', id, t).code)!;
    expect(holderCodeCurrent(parsed, t + CODE_STEP_SECONDS * 1000)).toBe(true);
    expect(holderCodeCurrent(parsed, t + 3 * CODE_STEP_SECONDS * 1000)).toBe(false);
  });

  it('is null for other codes and junk', () => {
    for (const text of ['', 'EV1.abc.def', 'CP1.x.1.2.y', `CP2${holderCodeAt(key, 'coupon', id, t).code.slice(3)}`]) expect(parseHolderCode(text)).toBeNull();
  });
});
