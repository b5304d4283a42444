import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createStorage, StorageKey } from './storage';

/** A Storage-like map, optionally refusing writes the way Safari private mode does. */
function fakeBackend(options: { refuseWrites?: boolean } = {}) {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (options.refuseWrites) throw new DOMException('quota', 'QuotaExceededError');
      data.set(key, value);
    },
    removeItem: (key: string) => void data.delete(key),
  };
}

describe('storage', () => {
  it('writes through to the real storage when it works', () => {
    const backend = fakeBackend();
    const store = createStorage(() => backend);
    store.set(StorageKey.token, 'abc');
    expect(backend.data.get('token')).toBe('abc');
    expect(store.get(StorageKey.token)).toBe('abc');
    store.remove(StorageKey.token);
    expect(backend.data.has('token')).toBe(false);
    expect(store.get(StorageKey.token)).toBeNull();
  });

  it('keeps working in memory when touching storage throws (sandboxed iframe)', () => {
    const store = createStorage(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(store.get(StorageKey.token)).toBeNull();
    store.set(StorageKey.token, 'abc');
    expect(store.get(StorageKey.token)).toBe('abc');
    store.remove(StorageKey.token);
    expect(store.get(StorageKey.token)).toBeNull();
  });

  it('keeps working when there is no storage at all', () => {
    const store = createStorage(() => undefined);
    store.set(StorageKey.userMobile, '13800000001');
    expect(store.get(StorageKey.userMobile)).toBe('13800000001');
  });

  it('returns the fresh value, not a stale stored one, when a write is refused', () => {
    const backend = fakeBackend({ refuseWrites: true });
    backend.data.set('token', 'old');
    const store = createStorage(() => backend);
    store.set(StorageKey.token, 'new');
    expect(store.get(StorageKey.token)).toBe('new');
  });

  it('tells subscribers which key changed', () => {
    const store = createStorage(() => fakeBackend());
    const seen: (string | null)[] = [];
    const stop = store.subscribe((key) => seen.push(key));
    store.set(StorageKey.token, 'a');
    store.remove(StorageKey.userMobile);
    stop();
    store.set(StorageKey.token, 'b');
    expect(seen).toEqual(['token', 'userMobile']);
  });

  it('treats unparsable or off-schema JSON as absent', () => {
    const backend = fakeBackend();
    const store = createStorage(() => backend);
    const Draft = z.object({ department: z.string() });
    store.writeJson(StorageKey.correctionDraft, { department: '物业' });
    expect(store.readJson(StorageKey.correctionDraft, Draft)).toEqual({ department: '物业' });
    backend.data.set('correctionDraft', '{not json');
    expect(store.readJson(StorageKey.correctionDraft, Draft)).toBeNull();
    backend.data.set('correctionDraft', '{"department":3}');
    expect(store.readJson(StorageKey.correctionDraft, Draft)).toBeNull();
  });

  it('has one distinct storage name per key', () => {
    const names = Object.values(StorageKey);
    expect(new Set(names).size).toBe(names.length);
  });
});
