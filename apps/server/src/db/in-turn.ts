import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** What repositories get inside `db.transaction`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * What requests take turns on, each with the key it is taken for. A request that takes more than
 * one takes them in the order of this list, so that no two wait for each other in a cycle.
 */
export type TurnSpace =
  /** A community's visitor invitations: the resident's daily limit and the community's SMS caps. */
  | 'invitations'
  /** Login codes asked for one mobile (its hash), then for one address (its hash). */
  | 'sms-code-mobile'
  | 'sms-code-address'
  /** Login tries from one address (its hash): the slow-down counts the tries in flight too. */
  | 'login-address'
  /** One person's corrections and additions of community information. */
  | 'info-submissions'
  /** Registrations staff enter or import in a community: one per mobile. */
  | 'entered-registrations'
  /** A community's unit register (房屋登记): one unit per address. */
  | 'unit-register'
  /** One pass's phone keys (registration or invitation id): numbered one after another. */
  | 'pass-key'
  /** One person's posts, comments and reports on the board (邻里圈): the hourly limits. */
  | 'board-writes'
  /** One person's event sign-ups (SIGNUPS_PER_DAY), taken before the event's row lock. */
  | 'event-signups'
  /** One person's photo uploads to one community (IMAGE_UPLOADS_PER_HOUR). */
  | 'image-uploads'
  /** One person's photos in one event's album (ALBUM_PHOTOS_PER_PERSON). */
  | 'album-photos'
  /** One person's bookings of one space (its weekly minutes). */
  | 'space-bookings'
  /** One person's events published or proposed: a resident's daily limit (EVENT_PROPOSALS_PER_DAY). */
  | 'event-proposals'
  /** One person's holder keys (codes shown at a counter): numbered one after another. */
  | 'holder-key'
  /** One shop's owner applying and one shop's clerks (one open application, MERCHANT_CLERKS_MAX). */
  | 'merchant'
  /** One person's orders of one group buy (its per-person limit), taken before the items' row locks. */
  | 'group-buy-orders';

/**
 * Runs `work` in a transaction that first takes PostgreSQL's transaction-scoped advisory lock of
 * each turn, in the order given: requests with the same turn run `work` one after another, so
 * what `work` counts and what it then writes agree under parallel requests ("count, then insert").
 * The locks go with the transaction (commit, rollback, a dropped connection). Keys are hashed
 * (hashtext, 32 bits) within their space: two keys that collide only wait for each other.
 * Anything thrown in `work` rolls everything back and is thrown on.
 */
export function inTurn<T>(db: Db, turns: readonly (readonly [TurnSpace, string])[], work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    for (const [space, key] of turns) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${space}), hashtext(${key}))`);
    return work(tx);
  });
}
