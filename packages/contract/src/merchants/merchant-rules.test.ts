import { describe, expect, it } from 'vitest';
import { HOURS_PATTERN, isUscc, SHOP_PHONE_PATTERN, usccCheckChar } from './merchant-rules';

describe('统一社会信用代码', () => {
  it('accepts real codes, whatever their case', () => {
    expect(isUscc('91110000600037341L')).toBe(true);
    expect(isUscc('91440300708461136T')).toBe(true);
    expect(isUscc('91110000600037341l')).toBe(true);
  });

  it('refuses a wrong check character, a wrong length and letters outside the alphabet', () => {
    expect(isUscc('91110000600037341K')).toBe(false);
    expect(isUscc('9111000060003734L')).toBe(false);
    expect(isUscc('9111000060003734IL')).toBe(false); // I is not in the alphabet
    expect(usccCheckChar('9111000060003734O')).toBeNull();
  });
});

describe('a shop’s hours and phone', () => {
  it('reads one or two ranges of 24-hour times', () => {
    for (const ok of ['09:00-21:00', '00:00-24:00', '07:00-10:00,17:00-22:00', '22:00-02:00']) expect(HOURS_PATTERN.test(ok)).toBe(true);
    for (const bad of ['9:00-21:00', '09:00~21:00', '25:00-26:00', '全天']) expect(HOURS_PATTERN.test(bad)).toBe(false);
  });

  it('takes mobiles, landlines with area codes and 400 numbers', () => {
    for (const ok of ['13800000001', '010-12345678', '075512345678', '400-123-4567']) expect(SHOP_PHONE_PATTERN.test(ok)).toBe(true);
    for (const bad of ['12345', '1380000000', '010-123']) expect(SHOP_PHONE_PATTERN.test(bad)).toBe(false);
  });
});
