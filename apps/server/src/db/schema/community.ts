import { doublePrecision, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns';
import { users } from './identity';

/** 街道: the street office level above communities; has its own info list (spec "Street-level info"). */
export const streets = pgTable('streets', {
  streetId: text('street_id').primaryKey(),
  name: text('name').notNull(),
  cityname: text('cityname').notNull(),
  adname: text('adname').notNull(),
});

/** 小区/社区, keyed by the map service's POI id that every API call carries as `poiId`. */
export const communities = pgTable(
  'communities',
  {
    poiId: text('poi_id').primaryKey(),
    name: text('name').notNull(),
    pname: text('pname').notNull(),
    cityname: text('cityname').notNull(),
    adname: text('adname').notNull(),
    address: text('address').notNull(),
    // GCJ-02, like every coordinate in the system (DESIGN.md §7).
    lng: doublePrecision('lng').notNull(),
    lat: doublePrecision('lat').notNull(),
    streetId: text('street_id').references(() => streets.streetId),
    createdAt: createdAt(),
  },
  (t) => [index('communities_lat_lng_idx').on(t.lat, t.lng)],
);

/** The user's current community; `movedAt` null means chosen but not joined (spec moveTime 0). */
export const userCommunities = pgTable('user_communities', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  poiId: text('poi_id').notNull().references(() => communities.poiId),
  movedAt: instant('moved_at'),
});

export const infoTypes = pgTable('info_types', {
  id: integer('id').primaryKey(),
  typeName: text('type_name').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** A contact entry of a community or street (物业, 居委会 …). Public business contacts, not personal data. */
export const infoEntries = pgTable(
  'info_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    poiId: text('poi_id').references(() => communities.poiId),
    streetId: text('street_id').references(() => streets.streetId),
    typeId: integer('type_id').notNull().references(() => infoTypes.id),
    department: text('department').notNull(),
    contact: text('contact').notNull(),
    lng: doublePrecision('lng'),
    lat: doublePrecision('lat'),
    address: text('address').notNull().default(''),
    mapAddress: text('map_address').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [index('info_entries_poi_idx').on(t.poiId, t.createdAt), index('info_entries_street_idx').on(t.streetId, t.createdAt)],
);

/**
 * A resident's suggested addition (`entryId` null) or correction: held as pending (0) until staff
 * accept (1) or reject (-1) it, so nothing visible changes before review.
 */
export const infoSubmissions = pgTable(
  'info_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id').references(() => infoEntries.id, { onDelete: 'set null' }),
    poiId: text('poi_id').references(() => communities.poiId),
    streetId: text('street_id').references(() => streets.streetId),
    typeId: integer('type_id').references(() => infoTypes.id),
    department: text('department').notNull(),
    contact: text('contact').notNull(),
    lng: doublePrecision('lng'),
    lat: doublePrecision('lat'),
    address: text('address').notNull().default(''),
    mapAddress: text('map_address').notNull().default(''),
    status: integer('status').notNull().default(0),
    submittedBy: uuid('submitted_by').notNull().references(() => users.id),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewedAt: instant('reviewed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('info_submissions_poi_status_idx').on(t.poiId, t.status)],
);

/** 周边: nearby places for the `local` map provider (types by the map service's codes, spec §9). */
export const places = pgTable(
  'places',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    typeCode: text('type_code').notNull(),
    address: text('address').notNull(),
    lng: doublePrecision('lng').notNull(),
    lat: doublePrecision('lat').notNull(),
    tel: text('tel').notNull().default(''),
    photos: text('photos').array().notNull().default([]),
    cityname: text('cityname').notNull(),
    adname: text('adname').notNull(),
  },
  (t) => [index('places_type_lat_lng_idx').on(t.typeCode, t.lat, t.lng)],
);

/** 社区管理员: administers one or more communities (the /gllist list). */
export const communityAdmins = pgTable(
  'community_admins',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    poiId: text('poi_id').notNull().references(() => communities.poiId),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.poiId] }), index('community_admins_poi_idx').on(t.poiId)],
);

/**
 * How long a community keeps personal data (PIPL: only as long as its purpose); a community
 * without a row keeps the defaults of RETENTION_DEFAULTS (contract manage/retention.ts).
 */
export const retentionSettings = pgTable('retention_settings', {
  poiId: text('poi_id')
    .primaryKey()
    .references(() => communities.poiId),
  /** Travel fields (返京 date, place, transport, train or flight) go this many days after the return date. */
  travelDays: integer('travel_days').notNull(),
  /** A registration sent back or revoked, or whose pass expired, goes this many days later. */
  endedDays: integer('ended_days').notNull(),
  /** Entry/exit log lines go after this many months. */
  logMonths: integer('log_months').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});
