import { LRUCache } from 'lru-cache';

/**
 * A size- and age-bounded in-memory cache: lru-cache underneath (entries older than `maxAgeMs` are
 * re-read, which bounds how long a missed invalidation can last; past `maxEntries` the least
 * recently used goes first), plus the one rule lru-cache does not have: a read overtaken by an
 * invalidation is not cached (`load`).
 */
/** Keys and values are never null or undefined (lru-cache's own constraint): `undefined` means a miss. */
type Present = NonNullable<unknown>;

export class BoundedCache<K extends Present, V extends Present> {
  private readonly entries: LRUCache<K, V>;
  /** Loads under way per key; `dropped` once the key was deleted while they ran. */
  private readonly loading = new Map<K, { count: number; dropped: boolean }>();

  /**
   * `spread` (0–1): each entry lives between (1 − spread) × maxAgeMs and maxAgeMs, at random. For
   * caches filled all at once – every waiting page re-asking a node that just started – so that
   * their entries do not all go stale in the same second and send their re-reads together to the
   * database (issue 32 item 16: the poll's tail). Never longer than maxAgeMs.
   */
  private readonly spreadMs: number;

  constructor(maxEntries: number, maxAgeMs: number, clock: () => number = Date.now, spread = 0) {
    this.spreadMs = Math.floor(maxAgeMs * Math.min(1, Math.max(0, spread)));
    // A TTL without a timer: stale entries are found stale when read (no purge timers to keep the
    // process alive or to wake it).
    // ttlResolution 0: the clock is asked on every read (a test clock that jumps is seen at once).
    // Bounded by count through `maxSize` (each entry 1), not `max`: with `max` lru-cache allocates
    // its arrays for every entry at construction – ~20 MB after start for the app's caches, most
    // of which a community never fills. Memory now grows with what is cached.
    this.entries = new LRUCache<K, V>({
      maxSize: maxEntries,
      sizeCalculation: () => 1,
      ttl: maxAgeMs,
      ttlAutopurge: false,
      ttlResolution: 0,
      perf: { now: clock },
    });
  }

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  set(key: K, value: V): void {
    if (this.spreadMs === 0) this.entries.set(key, value);
    else this.entries.set(key, value, { ttl: this.entries.ttl - Math.floor(Math.random() * this.spreadMs) });
  }

  /**
   * The cached value, else `read()`'s (null: nothing to cache). What `read()` found is kept only if
   * the key was not deleted while it ran: a read that saw the database just before a change
   * committed, and ends just after the change dropped the key, would otherwise put the old value
   * back until it ages out (a logged-out session working on, a scanned pass code still "waiting").
   */
  async load(key: K, read: () => Promise<V | null>): Promise<V | null> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const flight = this.loading.get(key) ?? { count: 0, dropped: false };
    flight.count++;
    this.loading.set(key, flight);
    try {
      const value = await read();
      if (value !== null && !flight.dropped) this.set(key, value);
      return value;
    } finally {
      if (--flight.count === 0) this.loading.delete(key);
    }
  }

  /** Replaces the value only if the key is still cached (not deleted meanwhile, not aged out). */
  update(key: K, value: V): void {
    if (this.entries.has(key)) this.set(key, value);
  }

  delete(key: K): void {
    this.entries.delete(key);
    const flight = this.loading.get(key);
    if (flight) flight.dropped = true;
  }

  clear(): void {
    this.entries.clear();
    for (const flight of this.loading.values()) flight.dropped = true;
  }

  get size(): number {
    return this.entries.size;
  }
}
