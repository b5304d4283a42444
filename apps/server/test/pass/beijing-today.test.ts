import { describe, expect, it } from 'vitest';
import { createBeijingToday } from '../../src/modules/pass/beijing-today';

describe("today's Beijing date, remembered between polls", () => {
  it('answers the Beijing calendar date each side of midnight there, in any order of asking', () => {
    const today = createBeijingToday();
    // Asked in turn, so the day remembered from one call must never answer for the next.
    const cases: [string, string][] = [
      ['2025-01-01T15:59:59.999Z', '2025-01-01'],
      ['2025-01-01T16:00:00.000Z', '2025-01-02'],
      ['2025-01-01T15:59:59.999Z', '2025-01-01'],
      ['2025-01-01T00:00:00.000Z', '2025-01-01'],
      ['2024-12-31T15:59:59.999Z', '2024-12-31'],
      ['2025-01-02T15:59:59.999Z', '2025-01-02'],
      ['2025-01-02T16:00:00.000Z', '2025-01-03'],
      ['1969-12-31T16:00:00.000Z', '1970-01-01'],
      ['1969-12-31T15:59:59.999Z', '1969-12-31'],
    ];
    for (const [at, date] of cases) expect(today(new Date(at))).toBe(date);
    expect(() => today(new Date(NaN))).toThrow(RangeError);
  });
});
