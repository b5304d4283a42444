import { describe, expect, it } from 'vitest';
import { isOpenAt } from './hours';

/** A Beijing wall-clock time on 2026-11-27 as a Date. */
const bj = (hhmm: string) => new Date(`2026-11-27T${hhmm}:00+08:00`);

describe('whether a shop is open now (Beijing time)', () => {
  it('reads one range, its end excluded', () => {
    expect(isOpenAt('09:00-21:00', bj('08:59'))).toBe(false);
    expect(isOpenAt('09:00-21:00', bj('09:00'))).toBe(true);
    expect(isOpenAt('09:00-21:00', bj('20:59'))).toBe(true);
    expect(isOpenAt('09:00-21:00', bj('21:00'))).toBe(false);
  });
  it('reads two ranges, a range past midnight and the whole day', () => {
    expect(isOpenAt('07:00-10:00,17:00-22:00', bj('12:00'))).toBe(false);
    expect(isOpenAt('07:00-10:00,17:00-22:00', bj('18:00'))).toBe(true);
    expect(isOpenAt('22:00-02:00', bj('01:00'))).toBe(true);
    expect(isOpenAt('22:00-02:00', bj('03:00'))).toBe(false);
    expect(isOpenAt('00:00-24:00', bj('03:00'))).toBe(true);
    expect(isOpenAt('全天', bj('03:00'))).toBe(false);
  });
});
