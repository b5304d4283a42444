import { bigserial, index, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './identity';
import { polls } from './polls';

/**
 * Paper and proxy ballots of an owners' vote (issue 37 item 4). A paper ballot's ballot itself is
 * where the vote keeps its ballots (`owner_ballots`, or the secret tables); this row says only that
 * the home's ballot came on paper, who entered it and the photo of the signed paper. No time: for a
 * secret vote a time per home would order the ballots (the audit log holds when it was entered).
 */
export const paperBallots = pgTable(
  'paper_ballots',
  {
    pollId: uuid('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id').notNull(),
    enteredBy: uuid('entered_by')
      .notNull()
      .references(() => users.id),
    /** The photo of the signed paper (images module; `ballot:<poll>:<unit>` uses it). */
    photoHash: text('photo_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.unitId] })],
);

/**
 * 委托: who votes for a home of the roll besides its owners. Named by an owner in the app (kind 1)
 * or recorded by staff from a written authorisation with its photo (kind 2). One proxy per home.
 * The proxy's mobile is also written to `poll_unit_owners`, so the proxy sees and casts the vote
 * exactly as an owner does (and the first ballot for the home still wins).
 */
export const pollProxies = pgTable(
  'poll_proxies',
  {
    pollId: uuid('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id').notNull(),
    mobileHash: text('mobile_hash').notNull(),
    mobileEnc: text('mobile_enc').notNull(),
    kind: smallint('kind').notNull(),
    namedBy: uuid('named_by')
      .notNull()
      .references(() => users.id),
    photoHash: text('photo_hash'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.unitId] }), index('poll_proxies_mobile_idx').on(t.pollId, t.mobileHash)],
);

/**
 * A ballot refused because the home had voted (first valid ballot wins): who tried, by which
 * channel (1 online, 2 proxy, 3 paper), when. Never the choice: it was not counted, and for a
 * secret vote it would tell what the person wanted.
 */
export const refusedBallots = pgTable(
  'refused_ballots',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    pollId: uuid('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    channel: smallint('channel').notNull(),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    /** A paper ballot voided by staff (entered for the wrong home): why, and its photo (kept). Null for a refused ballot. */
    voidReason: text('void_reason'),
    photoHash: text('photo_hash'),
    createdAt: createdAt(),
  },
  (t) => [index('refused_ballots_poll_idx').on(t.pollId, t.createdAt)],
);

/**
 * A written authorisation (委托, kind 2) withdrawn by staff before the home voted – the owner
 * revoked it in writing, or it was recorded for the wrong home. Kept with its photo and the reason
 * and shown as 已撤销 on the desk (docs/decisions/owners-votes.md), as a voided paper ballot is.
 */
export const withdrawnProxies = pgTable(
  'withdrawn_proxies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    pollId: uuid('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    /** The proxy's mobile, encrypted as on `poll_proxies` (shown masked). */
    mobileEnc: text('mobile_enc').notNull(),
    photoHash: text('photo_hash'),
    reason: text('reason').notNull(),
    withdrawnBy: uuid('withdrawn_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('withdrawn_proxies_poll_idx').on(t.pollId)],
);
