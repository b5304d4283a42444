import type { Database } from '../../db/client';

const CHANNEL = 'session_revoked';

/**
 * "This session was revoked", reaching every server process, so a token logged out on one
 * process stops working on all of them at once rather than when their caches age out.
 */
export function createSessionEvents(database: Database) {
  let stop: (() => Promise<void>) | null = null;
  return {
    publish: (tokenHash: string) => database.notify(CHANNEL, tokenHash),
    async start(onRevoked: (tokenHash: string) => void) {
      stop = await database.listen(CHANNEL, onRevoked);
    },
    async close() {
      await stop?.();
    },
  };
}
export type SessionEvents = ReturnType<typeof createSessionEvents>;
