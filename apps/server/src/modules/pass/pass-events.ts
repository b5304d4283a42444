import { EventEmitter } from 'node:events';
import type { Database } from '../../db/client';

/** The PostgreSQL channel of pass changes (a scan's statement notifies on it itself: gate-repo). */
export const PASS_EVENTS_CHANNEL = 'pass_code';
const CHANNEL = PASS_EVENTS_CHANNEL;

/** What changes are announced under: one pass (registration) in one direction. */
export const passChannel = (registrationId: string, direction: number) => `${registrationId}:${direction}`;
/** Both directions of a pass: a send-back or deletion ends them together. */
export const bothChannels = (registrationId: string) => [passChannel(registrationId, 1), passChannel(registrationId, 2)];

/**
 * "This pass changed" (scanned, sent back, deleted) reaching every server process: the scan may
 * land on one process while the resident's page waits on another. One LISTEN per process fans
 * out to that process's waiting pages. The payload is only the pass channel (an opaque id): the
 * page re-reads the state through the normal, authorised path.
 */
export function createPassEvents(database: Database) {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const anyChange = new Set<(channel: string) => void>();
  let listening: Promise<() => Promise<void>> | null = null;
  const deliver = (channel: string) => {
    anyChange.forEach((fn) => fn(channel));
    local.emit(channel);
  };
  const ensureListening = () => (listening ??= database.listen(CHANNEL, deliver));

  return {
    async publish(channels: string[]) {
      for (const channel of channels) {
        // This process knows at once; the others through PostgreSQL (this one hears it twice, harmlessly).
        deliver(channel);
        await database.notify(CHANNEL, channel);
      }
    },

    /**
     * Changes another statement announced to the other processes already (a scan's NOTIFY is part
     * of the statement that records it, sent when it commits): only this process is told here.
     */
    publishedBySql(channels: string[]) {
      channels.forEach(deliver);
    },

    /** Calls `onChange` whenever the pass changes; returns the unsubscribe function. */
    async subscribe(channel: string, onChange: () => void): Promise<() => void> {
      await ensureListening();
      local.on(channel, onChange);
      return () => local.off(channel, onChange);
    },

    /** Starts listening and calls `fn` for every changed pass (caches drop their copy). */
    async onAnyChange(fn: (channel: string) => void) {
      anyChange.add(fn);
      await ensureListening();
    },

    async close() {
      if (listening) await (await listening)();
    },
  };
}
export type PassEvents = ReturnType<typeof createPassEvents>;
