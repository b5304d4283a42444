import { DIVISION_CODES } from './division-codes.data';

let codes: Set<number> | undefined;

/**
 * Whether a six-digit address code was ever issued (GB/T 2260, 1980s to today): an ID card keeps the
 * code of where it was first issued, so 110103 (崇文区, merged in 2010) still stands on valid cards.
 * Decoded on first use, not at import: pages that never check a number do not pay for it.
 */
export function isIssuedDivisionCode(code: string): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  if (!codes) {
    codes = new Set();
    let value = 0;
    for (const step of DIVISION_CODES.split(',')) codes.add((value += parseInt(step, 36)));
  }
  return codes.has(Number(code));
}
