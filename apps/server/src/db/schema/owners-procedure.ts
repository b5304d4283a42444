import { index, integer, pgTable, smallint, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns';
import { communities } from './community';
import { users } from './identity';
import { polls } from './polls';

/*
 * The procedure of owners' votes (issue 37 item 3): the 业主委员会, each vote's 计票人/监票人, the
 * corrections of a running vote's roll, and owners' objections. Names and mobiles are personal
 * data: encrypted, mobiles found by keyed hash.
 */

/** A member of a community's 业主委员会, named by the community's administrator. */
export const ownersCommittee = pgTable(
  'owners_committee',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    poiId: text('poi_id')
      .notNull()
      .references(() => communities.poiId),
    nameEnc: text('name_enc').notNull(),
    mobileHash: text('mobile_hash').notNull(),
    mobileEnc: text('mobile_enc').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('owners_committee_member_uq').on(t.poiId, t.mobileHash), index('owners_committee_mobile_idx').on(t.mobileHash)],
);

/** A 计票人 (role 1) or 监票人 (role 2) of an owners' vote. */
export const pollOfficers = pgTable(
  'poll_officers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pollId: uuid('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    role: smallint('role').notNull(),
    nameEnc: text('name_enc').notNull(),
    mobileHash: text('mobile_hash').notNull(),
    mobileEnc: text('mobile_enc').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('poll_officers_person_uq').on(t.pollId, t.mobileHash)],
);

/** A correction of one home of a running vote's roll: what it was, what it became, and why. */
export const pollCorrections = pgTable(
  'poll_corrections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pollId: uuid('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id').notNull(),
    label: text('label').notNull(),
    areaBefore: integer('area_before').notNull(),
    areaAfter: integer('area_after').notNull(),
    votersBefore: integer('voters_before').notNull(),
    votersAfter: integer('voters_after').notNull(),
    reason: text('reason').notNull(),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('poll_corrections_poll_idx').on(t.pollId)],
);

/** An owner's objection (异议) to an owners' vote, and the staff's answer. */
export const pollObjections = pgTable(
  'poll_objections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pollId: uuid('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The owner's homes in the roll when they objected, as labels (so staff know whose objection it is). */
    homes: text('homes').notNull(),
    text: text('text').notNull(),
    answer: text('answer'),
    answeredBy: uuid('answered_by').references(() => users.id),
    answeredAt: instant('answered_at'),
    createdAt: createdAt(),
  },
  (t) => [index('poll_objections_poll_idx').on(t.pollId, t.userId)],
);
