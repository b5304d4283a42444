/**
 * How many of one kind of long task run at once, per key (a person) and overall. A task that
 * finds its slots full is refused rather than queued: the person is told at once, and a queue
 * would hold connections (and memory) for work nobody may still want.
 */
export class Slots {
  private readonly taken = new Map<string, number>();
  private total = 0;

  constructor(private readonly limits: { perKey: number; total: number }) {}

  /** A release function (call it once, when the task ends), or which limit is full. */
  take(key: string): (() => void) | 'key-full' | 'all-full' {
    const mine = this.taken.get(key) ?? 0;
    if (mine >= this.limits.perKey) return 'key-full';
    if (this.total >= this.limits.total) return 'all-full';
    this.taken.set(key, mine + 1);
    this.total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      const left = (this.taken.get(key) ?? 1) - 1;
      if (left > 0) this.taken.set(key, left);
      else this.taken.delete(key);
    };
  }
}
