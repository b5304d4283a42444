import { describe, expect, it } from 'vitest';
import { fenToYuan, yuanToFen } from './price';

describe('yuanToFen', () => {
  it('converts yuan to whole fen without float errors; empty is 面议', () => {
    expect(yuanToFen('')).toBeNull();
    expect(yuanToFen(' 120 ')).toBe(12000);
    expect(yuanToFen('0.29')).toBe(29);
    expect(yuanToFen('12.5')).toBe(1250);
    expect(yuanToFen('1000000')).toBe(100_000_000);
  });

  it('refuses what is no price or above ¥1,000,000', () => {
    for (const bad of ['abc', '-1', '1.234', '1e3', '1000000.01', '.5']) expect(yuanToFen(bad), bad).toBeUndefined();
  });

  it('shows fen as the yuan the form had', () => {
    expect(fenToYuan(1250)).toBe('12.50');
    expect(fenToYuan(12000)).toBe('120');
    expect(fenToYuan(null)).toBe('');
  });
});
