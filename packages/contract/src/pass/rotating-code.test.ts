import { describe, expect, it } from 'vitest';
import { CODE_STEP_SECONDS, codeStepAt, codeWindowEnd, inWindow } from './code-steps';
import { macMatches, parsePassCode, passCodeAt } from './rotating-code';

const key = { id: 'AbCdEfGhIjKlMnOpQrStUv', v: 1, secret: '0f'.repeat(32) };

describe('rotating pass codes', () => {
  it('makes one code per pass, direction and step, and reads it back', () => {
    const code = passCodeAt(key, 1, 59_000_000);
    expect(code).toMatch(/^AbCdEfGhIjKlMnOpQrStUv\.11\.59000000\.[0-9a-f]{20}$/);
    expect(passCodeAt(key, 1, 59_000_000)).toBe(code);
    expect(new Set([code, passCodeAt(key, 2, 59_000_000), passCodeAt(key, 1, 59_000_001), passCodeAt({ ...key, secret: '0e'.repeat(32) }, 1, 59_000_000)]).size).toBe(4);
    const parsed = parsePassCode(code)!;
    expect(parsed).toMatchObject({ id: key.id, direction: 1, v: 1, step: 59_000_000 });
    expect(macMatches(parsed, key.secret)).toBe(true);
    expect(macMatches({ ...parsed, step: parsed.step + 1 }, key.secret)).toBe(false);
    expect(macMatches({ ...parsed, direction: 2 }, key.secret)).toBe(false);
    expect(macMatches(parsed, '0e'.repeat(32))).toBe(false);
  });

  it('refuses what is not a code', () => {
    for (const text of ['', 'abc', 'AbCdEfGhIjKlMnOpQrStUv.31.5.0123456789abcdef0123', 'AbCdEfGhIjKlMnOpQrStUv.11.5.0123456789ABCDEF0123', ' AbCdEfGhIjKlMnOpQrStUv.11.5.0123456789abcdef0123']) {
      expect(parsePassCode(text), text).toBeNull();
    }
  });

  it('counts steps of 30 s and accepts one step either side', () => {
    expect(codeStepAt(CODE_STEP_SECONDS * 1000 * 10 + 29_999)).toBe(10);
    expect(codeWindowEnd(10)).toBe(12 * CODE_STEP_SECONDS);
    expect([inWindow(9, 10), inWindow(10, 10), inWindow(11, 10), inWindow(8, 10), inWindow(12, 10)]).toEqual([true, true, true, false, false]);
  });
});
