import { describe, expect, it } from 'vitest';
import { CLOCK_TOLERANCE_MS, clockCheck, clockOffset, spokenDuration } from './clock-offset';

describe('clockOffset', () => {
  it('takes the shortest round trip and the middle of it as the moment the server answered', () => {
    const phone = 1_795_000_000_000;
    const samples = [
      // 400 ms there and back: less sure.
      { sentAt: phone, receivedAt: phone + 400, serverTime: phone + 125_300 },
      // 40 ms: the server said +125 020 at phone + 20, so the phone is 125 000 ms behind.
      { sentAt: phone + 1000, receivedAt: phone + 1040, serverTime: phone + 1020 + 125_000 },
      { sentAt: phone + 2000, receivedAt: phone + 2100, serverTime: phone + 2050 + 125_040 },
    ];
    expect(clockOffset(samples)).toEqual({ offsetMs: 125_000, errorMs: 20 });
  });

  it('has nothing to say without a usable sample', () => {
    expect(clockOffset([])).toBeNull();
    expect(clockOffset([{ sentAt: 10, receivedAt: 5, serverTime: 7 }])).toBeNull();
    expect(clockOffset([{ sentAt: 10, receivedAt: 20, serverTime: NaN }])).toBeNull();
  });
});

describe('clockCheck', () => {
  it('calls a clock within 30 s right, and says so in words', () => {
    expect(clockCheck(400)).toMatchObject({ state: 'ok', summary: '与北京时间一致（相差不到 1 秒）' });
    expect(clockCheck(-CLOCK_TOLERANCE_MS)).toMatchObject({ state: 'ok', summary: '与北京时间相差 30 秒，在允许范围内' });
  });

  it('calls a clock more than 30 s off wrong, which way, and explains the pass needs it', () => {
    // Server minus phone is positive: the phone is behind.
    const slow = clockCheck(125_000);
    expect(slow).toMatchObject({ state: 'fail', summary: '手机时间比北京时间慢 2 分 5 秒' });
    expect(slow.advice).toContain('通行码');
    expect(slow.advice).toContain('自动设置');
    expect(clockCheck(-31_000)).toMatchObject({ state: 'fail', summary: '手机时间比北京时间快 31 秒' });
    expect(clockCheck(-(3 * 86_400_000 + 2 * 3_600_000 + 59_000)).summary).toBe('手机时间比北京时间快 3 天 2 小时');
  });
});

describe('spokenDuration', () => {
  it('says the two largest whole units', () => {
    expect(spokenDuration(0)).toBe('0 秒');
    expect(spokenDuration(45_400)).toBe('45 秒');
    expect(spokenDuration(-3_600_000 - 3 * 60_000 - 7_000)).toBe('1 小时 3 分');
    expect(spokenDuration(86_400_000 + 5_000)).toBe('1 天 5 秒');
  });
});
