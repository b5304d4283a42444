import { describe, expect, it } from 'vitest';
import { waitedFor } from './waited';

describe('waitedFor', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const ago = (minutes: number) => now.getTime() / 1000 - minutes * 60;
  it('reads minutes, hours and days as a manager says them', () => {
    expect(waitedFor(ago(5), now)).toBe('5分钟');
    expect(waitedFor(ago(135), now)).toBe('2小时15分');
    expect(waitedFor(ago(120), now)).toBe('2小时');
    expect(waitedFor(ago(3 * 1440 + 240), now)).toBe('3天4小时');
    expect(waitedFor(ago(-3), now)).toBe('0分钟');
  });
});
