import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

// 2026-03-10 12:00 in Beijing (04:00 UTC).
const now = Date.UTC(2026, 2, 10, 4, 0) / 1000;

describe('relativeTime', () => {
  it('says how long ago within the day, in Beijing time', () => {
    expect(relativeTime(now - 20, now)).toBe('刚刚');
    expect(relativeTime(now - 5 * 60, now)).toBe('5分钟前');
    expect(relativeTime(now - 3 * 3600, now)).toBe('3小时前');
  });

  it('names yesterday and older dates with the Beijing clock, the year only when it differs', () => {
    // 2026-03-09 23:30 Beijing = 15:30 UTC: still yesterday in Beijing although 12.5 hours ago.
    expect(relativeTime(Date.UTC(2026, 2, 9, 15, 30) / 1000, now)).toBe('昨天 23:30');
    expect(relativeTime(Date.UTC(2026, 2, 5, 0, 30) / 1000, now)).toBe('3月5日 08:30');
    expect(relativeTime(Date.UTC(2025, 11, 31, 16, 5) / 1000, now)).toBe('1月1日 00:05');
    expect(relativeTime(Date.UTC(2025, 11, 30, 16, 5) / 1000, now)).toBe('2025年12月31日 00:05');
  });
});
