import { isIssuedDivisionCode } from './documents/division-codes';

/**
 * Mainland resident ID numbers (GB 11643-1999): a six-digit address code ever issued (GB/T 2260),
 * the birth date as digits 7–14 (a real, past date), a three-digit serial, and a check character
 * computed with ISO 7064 MOD 11-2.
 */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK[sum % 11]!;
}

/**
 * The layout GB 11643 numbers share with the residence permits of Hong Kong, Macao and Taiwan
 * residents and the 2023 foreigner's permanent residence card: 17 digits, a MOD 11-2 check
 * character, a real birth date from 1900 up to `today` in digits 7–14.
 */
export function hasIdNumberLayout(id: string, today: Date = new Date()): boolean {
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  if (idCardCheckChar(id.slice(0, 17)) !== id[17]) return false;
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const birth = new Date(Date.UTC(y, m - 1, d));
  if (birth.getUTCFullYear() !== y || birth.getUTCMonth() !== m - 1 || birth.getUTCDate() !== d) return false;
  return y >= 1900 && birth.getTime() <= today.getTime();
}

export function isValidIdCard(value: string, today: Date = new Date()): boolean {
  const id = value.trim().toUpperCase();
  return hasIdNumberLayout(id, today) && isIssuedDivisionCode(id.slice(0, 6));
}

/** 110105********1234: region code and last four only, as lists show it. */
export function maskIdCard(value: string): string {
  const id = value.trim();
  return id.length === 18 ? `${id.slice(0, 6)}********${id.slice(14)}` : '******';
}
