import { describe, expect, it } from 'vitest';
import { addMinutes, fromPickerMinute, nextQuarterHour, toPickerMinute } from './minute-fields';

describe('the invitation window’s minutes', () => {
  it('keeps the Beijing minute through the picker whatever the phone’s zone', () => {
    expect(fromPickerMinute(toPickerMinute('2026-11-26 09:05'))).toBe('2026-11-26 09:05');
  });

  it('adds minutes across midnight and starts at the next quarter hour in Beijing', () => {
    expect(addMinutes('2026-11-26 22:30', 240)).toBe('2026-11-27 02:30');
    // 01:07 UTC is 09:07 in Beijing.
    expect(nextQuarterHour(new Date('2026-11-26T01:07:00Z'))).toBe('2026-11-26 09:15');
    expect(nextQuarterHour(new Date('2026-11-26T01:15:00Z'))).toBe('2026-11-26 09:15');
  });
});
