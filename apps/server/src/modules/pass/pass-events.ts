import { EventEmitter } from 'node:events';
import type { Database } from '../../db/client';

const CHANNEL = 'pass_code';

/**
 * "This pass code changed" (scanned, or sent back) reaching every server process: the scan may
 * land on one process while the resident's page waits on another. One LISTEN per process fans
 * out to that process's waiting pages. The payload is only the code's hash: the page re-reads
 * the state through the normal, authorised path.
 */
export function createPassEvents(database: Database) {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const anyChange = new Set<(codeHash: string) => void>();
  let listening: Promise<() => Promise<void>> | null = null;
  const deliver = (codeHash: string) => {
    anyChange.forEach((fn) => fn(codeHash));
    local.emit(codeHash);
  };
  const ensureListening = () => (listening ??= database.listen(CHANNEL, deliver));

  return {
    async publish(codeHashes: string[]) {
      for (const hash of codeHashes) {
        // This process knows at once; the others through PostgreSQL (this one hears it twice, harmlessly).
        deliver(hash);
        await database.notify(CHANNEL, hash);
      }
    },

    /** Calls `onChange` whenever the code changes; returns the unsubscribe function. */
    async subscribe(codeHash: string, onChange: () => void): Promise<() => void> {
      await ensureListening();
      local.on(codeHash, onChange);
      return () => local.off(codeHash, onChange);
    },

    /** Starts listening and calls `fn` for every changed code (caches drop their copy). */
    async onAnyChange(fn: (codeHash: string) => void) {
      anyChange.add(fn);
      await ensureListening();
    },

    async close() {
      if (listening) await (await listening)();
    },
  };
}
export type PassEvents = ReturnType<typeof createPassEvents>;
