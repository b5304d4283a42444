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
