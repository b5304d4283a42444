import { boolean, index, integer, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns';
import { communities } from './community';
import { users } from './identity';

export const polls = pgTable(
  'polls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: uuid('creator_id').notNull().references(() => users.id),
    title: text('title').notNull(),
    info: text('info').notNull().default(''),
    // 0 single choice, 1 multiple choice.
    type: smallint('type').notNull(),
    endTime: instant('end_time').notNull(),
    // Owners' votes (issue 37): when voting opens (null: at once, as before) – the announcement is
    // `createdAt`, the roll is the register as announced – and when the roll was fixed at the start
    // (ownership changes before it move the vote to the new owner).
    startTime: instant('start_time'),
    rollFixedAt: instant('roll_fixed_at'),
    // Owners' votes (issue 37): extended once (the reason), or cancelled (when, the reason).
    extendReason: text('extend_reason'),
    cancelledAt: instant('cancelled_at'),
    cancelReason: text('cancel_reason'),
    // Owners' votes (issue 37): started by a member of the 业主委员会, which the notice names as the issuer.
    byCommittee: boolean('by_committee').notNull().default(false),
    /** A secret owners' vote's homes cast by a proxy (counted in the ballot's transaction; the channel counts, published with the tally). */
    secretProxyUnits: integer('secret_proxy_units').notNull().default(0),
    // Voters must follow this public account first when set (spec "Followers check").
    concernQr: text('concern_qr'),
    // Owners' votes (业主表决) belong to a community; plain polls to nobody in particular.
    poiId: text('poi_id').references(() => communities.poiId),
    // 0 plain (a ballot per person), 1 owners' vote (a ballot per unit, counted by area and owners).
    mode: smallint('mode').notNull().default(0),
    // Owners' votes: 0 an ordinary matter (more than half), 1 art. 278 items 6–8 (three quarters).
    matter: smallint('matter').notNull().default(0),
    // Owners' votes: the item of art. 278 ¶1 (1–9) the manager picked; null for votes before items.
    matterItem: smallint('matter_item'),
    // A secret ballot: nothing stored links a ballot to its voter (schema/owners.ts).
    secret: boolean('secret').notNull().default(false),
    // A secret ballot's number of ballots cast (issue 37): the published receipts must number as many.
    secretBallots: integer('secret_ballots').notNull().default(0),
    // Results shown only once the deadline has passed.
    hideResults: boolean('hide_results').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('polls_creator_idx').on(t.creatorId), index('polls_poi_idx').on(t.poiId, t.createdAt)],
);

export const pollOptions = pgTable(
  'poll_options',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pollId: uuid('poll_id').notNull().references(() => polls.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    sort: integer('sort').notNull(),
  },
  (t) => [index('poll_options_poll_idx').on(t.pollId, t.sort)],
);

/** One ballot per person per poll: the primary key, not a check-then-insert, stops double votes. */
export const pollBallots = pgTable(
  'poll_ballots',
  {
    pollId: uuid('poll_id').notNull().references(() => polls.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.userId] }), index('poll_ballots_user_idx').on(t.userId)],
);

export const pollVotes = pgTable(
  'poll_votes',
  {
    pollId: uuid('poll_id').notNull(),
    userId: uuid('user_id').notNull(),
    optionId: uuid('option_id').notNull().references(() => pollOptions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.userId, t.optionId] }), index('poll_votes_option_idx').on(t.optionId)],
);
