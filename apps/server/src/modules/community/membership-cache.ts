import type { Database } from '../../db/client';
import { BoundedCache } from '../../lib/bounded-cache';
import type { MembershipRepo } from './membership-repo';

const CHANNEL = 'membership_changed';
const ENTRIES = 50_000;
/** Bounds what a missed notification can cost (a process that was reconnecting to LISTEN). */
const AGE_MS = 60_000;

type Current = Awaited<ReturnType<MembershipRepo['currentOf']>>;
/** "Has chosen no community yet" is worth remembering too: every page of a new user asks. */
const NONE = { none: true } as const;

/**
 * A person's current community, which every logged-in page load asks for
 * (`/v1/mobile/community/userInfo`), kept in memory. A change (choosing or joining a community)
 * drops the copy here at once and in every other process through NOTIFY, as sessions are.
 */
export function createMembershipCache(repo: MembershipRepo, database: Database) {
  const cache = new BoundedCache<string, NonNullable<Current> | typeof NONE>(ENTRIES, AGE_MS);
  let stop: (() => Promise<void>) | null = null;
  return {
    async start() {
      stop = await database.listen(CHANNEL, (userId) => cache.delete(userId));
    },
    async close() {
      await stop?.();
    },
    async currentOf(userId: string): Promise<Current> {
      const found = await cache.load(userId, async () => (await repo.currentOf(userId)) ?? NONE);
      return found && !('none' in found) ? found : null;
    },
    /** After a write to the person's membership (committed): no process keeps the old one. */
    async changed(userId: string) {
      cache.delete(userId);
      await database.notify(CHANNEL, userId);
    },
  };
}
export type MembershipCache = ReturnType<typeof createMembershipCache>;
