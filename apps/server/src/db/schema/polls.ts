import { index, integer, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns';
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
    // Voters must follow this public account first when set (spec "Followers check").
    concernQr: text('concern_qr'),
    createdAt: createdAt(),
  },
  (t) => [index('polls_creator_idx').on(t.creatorId)],
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
