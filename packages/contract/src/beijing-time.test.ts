import { describe, expect, it } from 'vitest';
import { addBeijingMonths, beijingDate, beijingDateTime, isIsoDate, parseBeijingMinute } from './beijing-time';
import { deadlineProblem, votePercent } from './polls/poll-rules';

describe('Beijing deadlines', () => {
  it('reads YYYY-MM-DD HH:mm as UTC+8 and writes it back', () => {
    expect(parseBeijingMinute('2025-01-01 00:30')?.toISOString()).toBe('2024-12-31T16:30:00.000Z');
    expect(beijingDateTime(new Date('2024-12-31T16:30:00Z'))).toBe('2025-01-01 00:30');
  });

  it('dates an instant on the Beijing calendar, each side of midnight there', () => {
    const cases: [string, string][] = [
      ['2025-01-01T15:59:59.999Z', '2025-01-01'],
      ['2025-01-01T16:00:00.000Z', '2025-01-02'],
      ['2025-01-01T15:59:59.999Z', '2025-01-01'],
      ['2025-01-02T15:59:59.999Z', '2025-01-02'],
      ['2025-01-02T16:00:00.000Z', '2025-01-03'],
      ['1969-12-31T16:00:00.000Z', '1970-01-01'],
      ['1969-12-31T15:59:59.999Z', '1969-12-31'],
      ['2024-02-29T12:00:00.000Z', '2024-02-29'],
    ];
    for (const [at, date] of cases) expect(beijingDate(new Date(at))).toBe(date);
    expect(() => beijingDate(new Date(NaN))).toThrow(RangeError);
  });

  it('refuses what is not a real minute', () => {
    for (const text of ['2025-02-29 10:00', '2025-13-01 10:00', '2025-01-01 24:00', '2025-01-01 10:60', '2025-1-1 10:00', '2025-01-01T10:00', '']) {
      expect(parseBeijingMinute(text)).toBeNull();
    }
    expect(parseBeijingMinute('2024-02-29 23:59')).not.toBeNull();
  });

  it('adds calendar months on the Beijing calendar, ending short months on their last day', () => {
    // 2025-08-31 12:00 Beijing + 6 months = 2026-02-28 12:00 Beijing.
    expect(beijingDateTime(addBeijingMonths(parseBeijingMinute('2025-08-31 12:00')!, 6))).toBe('2026-02-28 12:00');
    // 20:00 UTC on 31 Jan is already 1 Feb in Beijing: six months later is 1 Aug, not 31 Jul.
    expect(beijingDateTime(addBeijingMonths(new Date('2025-01-31T20:00:00Z'), 6))).toBe('2025-08-01 04:00');
  });

  it('accepts deadlines after now and up to six months ahead', () => {
    const now = parseBeijingMinute('2025-03-10 09:00')!;
    expect(deadlineProblem(now, now)).toBe('截止时间需晚于当前时间');
    expect(deadlineProblem(parseBeijingMinute('2025-03-10 09:01')!, now)).toBeNull();
    expect(deadlineProblem(parseBeijingMinute('2025-09-10 09:00')!, now)).toBeNull();
    expect(deadlineProblem(parseBeijingMinute('2025-09-10 09:01')!, now)).toBe('截止时间不能超过6个月');
  });
});

describe('vote percentages', () => {
  it('keeps the integer part of votes ÷ total × 100', () => {
    expect([votePercent(2, 3), votePercent(1, 3), votePercent(0, 3), votePercent(3, 3), votePercent(0, 0), votePercent(1, 7)]).toEqual([66, 33, 0, 100, 0, 14]);
  });
});

describe('dates as YYYY-MM-DD', () => {
  it('takes real days only, and answers false (never throws) for a month or day that does not exist', () => {
    expect(isIsoDate('2026-11-27')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    for (const bad of ['2026-13-01', '2026-02-30', '2026-00-10', '2026-11-32', '2026-1-01', '']) expect(isIsoDate(bad)).toBe(false);
  });
});
