import { bigint, boolean, index, integer, pgTable, primaryKey, smallint, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns';
import { communities } from './community';
import { users } from './identity';
import { pollOptions, polls } from './polls';

/**
 * 房屋登记: one exclusive part (专有部分) of a community with its floor area, the base of owners'
 * decisions (Civil Code art. 278). Area in hundredths of a square metre, so sums and the legal
 * thresholds are exact integer arithmetic.
 */
export const units = pgTable(
  'units',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    poiId: text('poi_id').notNull().references(() => communities.poiId),
    building: text('building').notNull(),
    unitNo: text('unit_no').notNull().default(''),
    room: text('room').notNull(),
    areaCenti: integer('area_centi').notNull(),
    /** Where the area comes from (art. 8 of the interpretation): 1 登记, 2 实测, 3 合同; null not recorded. */
    areaSource: smallint('area_source'),
    /** 不动产权证号, encrypted (personal data); null not recorded. */
    certEnc: text('cert_enc'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [unique('units_address_uq').on(t.poiId, t.building, t.unitNo, t.room)],
);

/**
 * An owner as a person (业主) of a community's register: a home held by the same persons is held
 * by the same owner (法释〔2009〕7号 art. 9). `personKey` is a keyed hash of name and mobile, so the
 * same person written on two homes is one row; `developer` marks the 开发建设单位.
 */
export const ownerPersons = pgTable(
  'owner_persons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    poiId: text('poi_id').notNull().references(() => communities.poiId),
    personKey: text('person_key').notNull(),
    nameEnc: text('name_enc').notNull(),
    mobileHash: text('mobile_hash'),
    mobileEnc: text('mobile_enc'),
    developer: boolean('developer').notNull().default(false),
  },
  (t) => [unique('owner_persons_key_uq').on(t.poiId, t.personKey)],
);

/** Which persons hold a home (its owners; several are co-owners). */
export const unitHolders = pgTable(
  'unit_holders',
  {
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    personId: uuid('person_id')
      .notNull()
      .references(() => ownerPersons.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull(),
  },
  (t) => [primaryKey({ columns: [t.unitId, t.personId] }), index('unit_holders_person_idx').on(t.personId)],
);

/** The owners of a unit by mobile (encrypted, found by keyed hash): how an account is linked to its units. */
export const unitOwners = pgTable(
  'unit_owners',
  {
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    mobileHash: text('mobile_hash').notNull(),
    mobileEnc: text('mobile_enc').notNull(),
    sort: integer('sort').notNull(),
  },
  (t) => [primaryKey({ columns: [t.unitId, t.mobileHash] }), index('unit_owners_mobile_idx').on(t.mobileHash)],
);

/**
 * The electorate of an owners' vote: the register as it stood when the vote was announced, so
 * later edits cannot move its thresholds. `ownerKey` groups units whose owners are the same
 * people: the judicial interpretation counts one buyer of several units as one owner.
 */
export const pollUnits = pgTable(
  'poll_units',
  {
    pollId: uuid('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id').notNull(),
    label: text('label').notNull(),
    areaCenti: integer('area_centi').notNull(),
    ownerKey: text('owner_key').notNull(),
    /** The area's source as announced (1 登记, 2 实测, 3 合同; null not recorded). */
    areaSource: smallint('area_source'),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.unitId] })],
);

/** Who may cast each unit's ballot in an owners' vote (mobile hashes at announcement). */
export const pollUnitOwners = pgTable(
  'poll_unit_owners',
  {
    pollId: uuid('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id').notNull(),
    mobileHash: text('mobile_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.unitId, t.mobileHash] }), index('poll_unit_owners_mobile_idx').on(t.pollId, t.mobileHash)],
);

/** An open (not secret) owners' vote: one ballot per unit, the first one cast by any of its owners. */
export const ownerBallots = pgTable(
  'owner_ballots',
  {
    pollId: uuid('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id').notNull(),
    optionId: uuid('option_id')
      .notNull()
      .references(() => pollOptions.id, { onDelete: 'cascade' }),
    castBy: uuid('cast_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.unitId] })],
);

/**
 * Secret ballots are kept in three tables that share nothing but the poll: who voted (no time),
 * the running totals per option, and the receipts. A vote updates every total of its poll and
 * rewrites every receipt in random order, so neither row versions nor row order tell which total
 * or receipt came with which voter (docs/decisions/polls-and-owners-votes.md, "Secret ballots").
 */
export const secretVoters = pgTable(
  'secret_voters',
  {
    pollId: uuid('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    /** A user id (plain poll) or a unit id (owners' vote). */
    voter: uuid('voter').notNull(),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.voter] })],
);

export const secretTallies = pgTable(
  'secret_tallies',
  {
    pollId: uuid('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    optionId: uuid('option_id')
      .notNull()
      .references(() => pollOptions.id, { onDelete: 'cascade' }),
    /** People (plain) or units (owners' vote) who chose this option. */
    votes: integer('votes').notNull().default(0),
    areaCenti: bigint('area_centi', { mode: 'number' }).notNull().default(0),
    owners: integer('owners').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.optionId] })],
);

export const secretReceipts = pgTable(
  'secret_receipts',
  {
    pollId: uuid('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    receiptHash: text('receipt_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.receiptHash] })],
);

/** A community's settings for owners' votes (issue 37); no row: the defaults. */
export const ownersSettings = pgTable('owners_settings', {
  poiId: text('poi_id')
    .primaryKey()
    .references(() => communities.poiId),
  /** Days between the announcement and the start of voting (物业管理条例: 15 days' notice). */
  noticeDays: smallint('notice_days').notNull().default(15),
});
