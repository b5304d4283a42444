import { describe, expect, it } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('fetches once for every caller, and again after a failed fetch', async () => {
    let calls = 0;
    let fail = true;
    const load = loadOnce(async () => {
      calls++;
      if (fail) throw new Error('offline');
      return 'module';
    });
    await expect(load()).rejects.toThrow('offline');
    fail = false;
    const [a, b] = await Promise.all([load(), load()]);
    expect([a, b, calls]).toEqual(['module', 'module', 2]);
    await load();
    expect(calls).toBe(2);
  });
});
