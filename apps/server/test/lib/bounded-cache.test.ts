import { describe, expect, it } from 'vitest';
import { BoundedCache } from '../../src/lib/bounded-cache';

describe('BoundedCache', () => {
  it('forgets entries older than their age limit', () => {
    let now = 1_700_000_000_000;
    const cache = new BoundedCache<string, number>(10, 1000, () => now);
    cache.set('a', 1);
    now += 1000;
    expect(cache.get('a')).toBe(1);
    now += 1;
    expect(cache.get('a')).toBeUndefined();
  });

  it('with a spread, forgets each entry somewhere within the last part of its age, never later – not all in the same moment', () => {
    let now = 1_700_000_000_000;
    const cache = new BoundedCache<string, number>(1000, 10_000, () => now, 0.3);
    for (let i = 0; i < 500; i++) cache.set(`k${i}`, i);
    const kept = (at: number) => {
      now = 1_700_000_000_000 + at;
      return Array.from({ length: 500 }, (_, i) => cache.get(`k${i}`)).filter((v) => v !== undefined).length;
    };
    // Reads only move the clock forward: lru-cache's TTL is fixed when an entry is set.
    expect(kept(6_999)).toBe(500);
    const middle = kept(8_500);
    expect(middle).toBeGreaterThan(100);
    expect(middle).toBeLessThan(400);
    expect(kept(10_001)).toBe(0);
  });

  it('drops the least recently used entry past its size limit', () => {
    const cache = new BoundedCache<string, number>(2, 60_000);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 3);
    cache.set('c', 4);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.size]).toEqual([3, undefined, 4, 2]);
    // Reading an entry keeps it: 'a' was read last, so 'c' goes.
    cache.get('a');
    cache.set('d', 5);
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual([3, undefined, 5]);
  });

  it('takes memory for what it holds, not for its limit', () => {
    // The app's caches allow 100,000–200,000 entries each and hold a few hundred in a community.
    const before = process.memoryUsage();
    const caches = Array.from({ length: 10 }, () => new BoundedCache<string, number>(200_000, 60_000));
    caches.forEach((c, i) => c.set(`k${i}`, i));
    const after = process.memoryUsage();
    const grown = after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers;
    expect(grown).toBeLessThan(8 * 1024 * 1024); // allocated up front, it was ~8 MB per cache
    expect(caches.map((c) => c.size)).toEqual(Array(10).fill(1));
  });

  it('does not keep a read that an invalidation overtook, and keeps one that nothing overtook', async () => {
    const cache = new BoundedCache<string, number>(10, 60_000);
    let finish!: (v: number) => void;
    const pending = cache.load('k', () => new Promise<number>((resolve) => (finish = resolve)));
    cache.delete('k');
    finish(1);
    expect(await pending).toBe(1);
    expect(cache.get('k')).toBeUndefined();
    expect(await cache.load('k', async () => 2)).toBe(2);
    expect(cache.get('k')).toBe(2);
    // update() only replaces what is still cached.
    cache.update('gone', 3);
    expect(cache.get('gone')).toBeUndefined();
  });
});
