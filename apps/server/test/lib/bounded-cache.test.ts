import { describe, expect, it } from 'vitest';
import { BoundedCache } from '../../src/lib/bounded-cache';

describe('BoundedCache', () => {
  it('forgets entries older than their age limit', () => {
    let now = 0;
    const cache = new BoundedCache<string, number>(10, 1000, () => now);
    cache.set('a', 1);
    now = 1000;
    expect(cache.get('a')).toBe(1);
    now = 1001;
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops the oldest entry past its size limit', () => {
    const cache = new BoundedCache<string, number>(2, 60_000);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 3);
    cache.set('c', 4);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.size]).toEqual([3, undefined, 4, 2]);
  });
});
