import { describe, expect, it } from 'vitest';
import { idCardCheckChar, isValidIdCard, maskIdCard } from './id-card';

describe('ID numbers (GB 11643)', () => {
  it('accepts a number whose check character matches, including X', () => {
    expect(isValidIdCard('11010519491231002X')).toBe(true);
    expect(isValidIdCard('110105194912310029')).toBe(false);
    expect(isValidIdCard(' 11010519491231002x ')).toBe(true);
  });

  it('refuses impossible or future birth dates even with a right check character', () => {
    const feb30 = '1101051990023000' + '1';
    expect(isValidIdCard(feb30 + idCardCheckChar(feb30))).toBe(false);
    const future = '1101052999010100' + '1';
    expect(isValidIdCard(future + idCardCheckChar(future), new Date('2026-01-01'))).toBe(false);
  });

  it('masks all but the region code and the last four', () => {
    expect(maskIdCard('11010519491231002X')).toBe('110105********002X');
  });
});
