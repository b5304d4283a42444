import { describe, expect, it } from 'vitest';
// @ts-expect-error – a plain .mjs script without types; its functions take and give plain arrays
import { encode, issuedDivisionCodes } from '../../scripts/division-codes.mjs';
import { isIssuedDivisionCode } from './division-codes';
import { DIVISION_CODES } from './division-codes.data';

describe('division codes ever issued', () => {
  it('are the ones the dataset packages hold today (regenerate with npm run divisions -w @sq/contract)', () => {
    expect(DIVISION_CODES).toBe(encode(issuedDivisionCodes()));
  });

  it('keep retired codes that still stand on valid cards, and today’s new ones', () => {
    expect(isIssuedDivisionCode('110103')).toBe(true); // 崇文区, merged into 东城区 in 2010
    expect(isIssuedDivisionCode('110221')).toBe(true); // 昌平县, a district since 1999
    expect(isIssuedDivisionCode('110105')).toBe(true); // 朝阳区
    expect(isIssuedDivisionCode('330383')).toBe(true); // 龙港市, since 2019
    expect(isIssuedDivisionCode('540602')).toBe(true); // 色尼区, since 2017
  });

  it('refuse codes no place ever had', () => {
    for (const code of ['111111', '999999', '000000', '110199', '810000', '12345', 'abcdef']) expect(isIssuedDivisionCode(code)).toBe(false);
  });
});
