import { describe, expect, it } from 'vitest';
import { shareCap, splitPacket } from './redbag-rules';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
/** A whole number in [lo, hi] (the server draws with crypto.randomInt; the split only needs the range). */
const crypto = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo + 1));
const randomInt = (lo: number, hi: number) => crypto(lo, hi - 1);

describe('a red packet split into shares (拼手气)', () => {
  it('adds up exactly, no share is zero and none is over twice the average – over many random packets', () => {
    const wrong: string[] = [];
    for (let run = 0; run < 3000; run++) {
      const shares = 2 + (run % 99);
      const packet = shares + randomInt(0, 50_000);
      const out = splitPacket(packet, shares, crypto);
      const cap = shareCap(packet, shares);
      if (out.length !== shares || sum(out) !== packet || out.some((a) => !Number.isInteger(a) || a < 1 || a > cap)) wrong.push(`${packet}/${shares}: ${out.join(',')}`);
    }
    expect(wrong).toEqual([]);
  });

  it('holds at the edges: the smallest packet (1 fen a share), always the lowest or highest draw', () => {
    expect(splitPacket(10, 10, crypto)).toEqual(Array(10).fill(1));
    for (const pick of [(lo: number) => lo, (_lo: number, hi: number) => hi]) {
      for (const [packet, shares] of [[1000, 10], [11, 10], [99_999, 7], [2, 2], [200_000, 100]] as const) {
        const out = splitPacket(packet, shares, pick);
        expect(sum(out)).toBe(packet);
        expect(Math.min(...out)).toBeGreaterThanOrEqual(1);
        expect(Math.max(...out)).toBeLessThanOrEqual(shareCap(packet, shares));
      }
    }
  });

  it('is random: the same packet is split differently', () => {
    const seen = new Set(Array.from({ length: 20 }, () => splitPacket(1000, 10, crypto).join(',')));
    expect(seen.size).toBeGreaterThan(1);
  });

  it('refuses a packet smaller than its share count', () => {
    expect(() => splitPacket(9, 10, crypto)).toThrow();
    expect(() => splitPacket(0, 2, crypto)).toThrow();
  });
});
