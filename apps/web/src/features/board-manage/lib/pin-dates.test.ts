import { describe, expect, it } from 'vitest';
import { clampDate, dateToLocal, localToDate, pinPreset, pinRange } from './pin-dates';

describe('pin dates', () => {
  it('ranges from tomorrow to 90 days ahead, in Beijing days', () => {
    // 23:30 UTC on 31 Dec is 07:30 on 1 Jan in Beijing: "tomorrow" is 2 Jan.
    expect(pinRange(new Date('2025-12-31T23:30:00Z'))).toEqual({ min: '2026-01-02', max: '2026-04-01' });
    expect(pinPreset(new Date('2025-12-31T23:30:00Z'), 7)).toBe('2026-01-08');
  });

  it('keeps a chosen date inside the range', () => {
    const range = { min: '2026-01-02', max: '2026-04-01' };
    expect(clampDate('2025-12-25', range)).toBe('2026-01-02');
    expect(clampDate('2026-06-01', range)).toBe('2026-04-01');
    expect(clampDate('2026-02-10', range)).toBe('2026-02-10');
  });

  it('round-trips a date through the picker’s local Date', () => {
    expect(localToDate(dateToLocal('2026-02-28'))).toBe('2026-02-28');
  });
});
