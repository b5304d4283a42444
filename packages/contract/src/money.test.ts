import { describe, expect, it } from 'vitest';
import { fenOfYuan, isFen, priceText, yuan } from './money';

describe('money in fen', () => {
  it('shows yuan without trailing zeros', () => {
    expect([yuan(0), yuan(5), yuan(50), yuan(1200), yuan(1250), yuan(1205), yuan(-300)]).toEqual(['0', '0.05', '0.5', '12', '12.5', '12.05', '-3']);
    expect(priceText(999)).toBe('¥9.99');
  });

  it('reads typed yuan exactly, never through floating point', () => {
    expect(fenOfYuan('0.1')).toBe(10);
    expect(fenOfYuan('19.99')).toBe(1999);
    expect(fenOfYuan(' 12 ')).toBe(1200);
    expect(fenOfYuan('100000')).toBe(10_000_000);
    for (const bad of ['', '1.234', '-1', '1e3', 'abc', '1,000', '100001']) expect(fenOfYuan(bad)).toBeNull();
  });

  it('accepts whole fen only', () => {
    expect(isFen(0)).toBe(true);
    expect(isFen(1.5)).toBe(false);
    expect(isFen(-1)).toBe(false);
    expect(isFen(Number.NaN)).toBe(false);
  });
});
