import { describe, expect, it } from 'vitest';
import { timeLeft } from './time-left';

describe('timeLeft', () => {
  const now = Date.UTC(2026, 10, 27, 4, 0, 0);
  const at = (ms: number) => (now + ms) / 1000;
  it('counts whole days, then whole hours, then says less than an hour', () => {
    expect(timeLeft(at(10 * 86_400_000 + 5_000), now)).toBe('还剩 10 天');
    expect(timeLeft(at(86_400_000), now)).toBe('还剩 1 天');
    expect(timeLeft(at(86_400_000 - 1000), now)).toBe('还剩 23 小时');
    expect(timeLeft(at(3_600_000), now)).toBe('还剩 1 小时');
    expect(timeLeft(at(59 * 60_000), now)).toBe('不到 1 小时');
  });
});
