/**
 * Writes items together, as a database's group commit does: the first item is written at once;
 * items that arrive while a write is under way wait for it and then go in one write together.
 * Each caller's promise settles when the write holding its item has committed, so a caller that
 * awaits it knows its item is stored exactly as if it had written it alone – what changes is that
 * a hundred callers at once cost a few statements and commits instead of a hundred.
 *
 * A failed write of several items is retried one item at a time, so one bad item fails only its
 * own caller.
 */
export class GroupWriter<T> {
  private waiting: { item: T; resolve: () => void; reject: (e: unknown) => void }[] = [];
  private writing = false;

  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    private readonly maxItems = 500,
  ) {}

  add(item: T): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  private async drain() {
    this.writing = true;
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, this.maxItems);
        try {
          await this.write(batch.map((w) => w.item));
          for (const w of batch) w.resolve();
        } catch (e) {
          if (batch.length === 1) batch[0]!.reject(e);
          else await Promise.all(batch.map((w) => this.write([w.item]).then(w.resolve, w.reject)));
        }
      }
    } finally {
      this.writing = false;
    }
  }
}
