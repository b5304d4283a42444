/**
 * A size- and age-bounded in-memory cache. Entries older than `maxAgeMs` are re-read, which bounds
 * how long a missed invalidation can last; past `maxEntries` the oldest entry goes first.
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, { value: V; at: number }>();
  /** Loads under way per key; `dropped` once the key was deleted while they ran. */
  private readonly loading = new Map<K, { count: number; dropped: boolean }>();

  constructor(
    private readonly maxEntries: number,
    private readonly maxAgeMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  get(key: K): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (this.clock() - hit.at > this.maxAgeMs) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, at: this.clock() });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
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

  /** Replaces the value only if the key is still cached (not deleted meanwhile). */
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
