/** Sign-ups of one event taken together per transaction; more than this wait for the next one. */
const MAX_BATCH = 50;

/**
 * Group commit per event, as lib/group-writer.ts does for the audit log: the first sign-up of an
 * event goes at once; those arriving while its transaction runs go together in the next. Every
 * sign-up of an event waits for the event's row lock and its commit, so one commit per batch
 * instead of one per person is what lets a rush through (bench activities-rush: one transaction
 * each held the lock ~30 ms, 24–32 sign-ups/s on the shared host). Each caller gets its own
 * answer or refusal; a failed transaction fails the callers of that batch.
 */
export class EventBatches<T, R> {
  private readonly queues = new Map<string, { item: T; resolve: (r: R) => void; reject: (e: unknown) => void }[]>();

  constructor(private readonly run: (items: T[]) => Promise<(R | Error)[]>) {}

  add(key: string, item: T): Promise<R> {
    return new Promise((resolve, reject) => {
      const queue = this.queues.get(key);
      if (queue) return void queue.push({ item, resolve, reject });
      this.queues.set(key, [{ item, resolve, reject }]);
      void this.drain(key);
    });
  }

  private async drain(key: string) {
    const queue = this.queues.get(key)!;
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_BATCH);
      try {
        const results = await this.run(batch.map((b) => b.item));
        batch.forEach((b, i) => (results[i] instanceof Error ? b.reject(results[i]) : b.resolve(results[i] as R)));
      } catch (e) {
        for (const b of batch) b.reject(e);
      }
    }
    this.queues.delete(key);
  }
}
