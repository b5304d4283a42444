import { boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, instant } from './columns';
import { communities } from './community';
import { users } from './identity';
import type { BoardImage } from './board';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** A community's choices for its events (issue 34). No row: the defaults. */
export const eventSettings = pgTable('event_settings', {
  poiId: text('poi_id').primaryKey().references(() => communities.poiId),
  // Residents may propose events, each reviewed by staff before it shows.
  residentsPropose: boolean('residents_propose').notNull().default(false),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/**
 * 社区活动 (issue 34). `confirmed_seats`, `waiting_count` and `attended` are kept with every
 * sign-up change in the same transaction (the event row is locked by a sign-up), so the list reads
 * them without counting and places are never given twice. `ticket_key`: the secret the sign-ups'
 * check-in codes and the door QR derive from; it never leaves the server.
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    poiId: text('poi_id').notNull().references(() => communities.poiId),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    cover: jsonb('cover').$type<BoardImage | null>(),
    place: text('place').notNull(),
    spaceId: uuid('space_id'),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    signupOpensAt: instant('signup_opens_at').notNull(),
    signupClosesAt: instant('signup_closes_at').notNull(),
    cancelUntil: instant('cancel_until').notNull(),
    capacity: integer('capacity').notNull(),
    maxCompanions: integer('max_companions').notNull().default(0),
    // residents, owners, link (event-rules EVENT_AUDIENCES).
    audience: text('audience').notNull(),
    needsPhone: boolean('needs_phone').notNull().default(false),
    feeFen: integer('fee_fen'),
    attendeePhotos: boolean('attendee_photos').notNull().default(true),
    // pending, published, rejected, cancelled (EVENT_STATUSES).
    status: text('status').notNull(),
    // Why it was rejected or cancelled (its proposer, its signed-up people read it).
    statusNote: text('status_note'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    // Whether its author was the community's staff when publishing (the organiser's mark).
    byStaff: boolean('by_staff').notNull(),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: instant('reviewed_at'),
    copiedFrom: uuid('copied_from'),
    confirmedSeats: integer('confirmed_seats').notNull().default(0),
    waitingCount: integer('waiting_count').notNull().default(0),
    attended: integer('attended').notNull().default(0),
    photoCount: integer('photo_count').notNull().default(0),
    // 32 random bytes the app makes (node:crypto) when it inserts the event.
    ticketKey: bytea('ticket_key').notNull(),
    // CJK bigrams and words of title, description and place (board/search-terms.ts).
    searchTerms: text('search_terms').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('events_upcoming_idx').on(t.poiId, t.endsAt, t.startsAt, t.id).where(sql`status = 'published'`),
    index('events_kind_idx').on(t.poiId, t.kind, t.endsAt, t.startsAt).where(sql`status = 'published'`),
    index('events_starts_idx').on(t.poiId, t.startsAt, t.id),
    index('events_pending_idx').on(t.poiId, t.createdAt).where(sql`status = 'pending'`),
    index('events_creator_idx').on(t.createdBy, t.createdAt),
    index('events_search_idx').using('gin', t.searchTerms),
  ],
);

/**
 * One person's sign-up for an event (or a walk-in staff recorded at the door: no user). A
 * cancelled sign-up is kept (with its times) and revived by signing up again, so a person has one
 * row per event. `queued_at` orders the waiting list.
 */
export const eventSignups = pgTable(
  'event_signups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    poiId: text('poi_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    // What staff wrote for a walk-in (no account).
    walkInName: text('walk_in_name'),
    companions: integer('companions').notNull().default(0),
    // 1 + companions: the places it takes while confirmed.
    seats: integer('seats').notNull(),
    // confirmed, waiting, cancelled (SIGNUP_STATUSES).
    status: text('status').notNull(),
    // Encrypted (lib/crypto PiiCipher); only when the event asks for a phone number.
    mobileEnc: text('mobile_enc'),
    note: text('note').notNull().default(''),
    queuedAt: instant('queued_at').notNull().defaultNow(),
    promotedAt: instant('promoted_at'),
    cancelledAt: instant('cancelled_at'),
    checkedInAt: instant('checked_in_at'),
    checkedInBy: uuid('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
    // scan, offline, door, walkIn (CHECKIN_VIAS).
    checkinVia: text('checkin_via'),
    // Reminders sent (EVENT_REMINDERS_MINUTES): the job marks each so a restart sends none twice.
    remindedDay: boolean('reminded_day').notNull().default(false),
    remindedHour: boolean('reminded_hour').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('event_signups_person_idx').on(t.eventId, t.userId).where(sql`user_id is not null`),
    index('event_signups_queue_idx').on(t.eventId, t.status, t.queuedAt),
    index('event_signups_user_idx').on(t.userId, t.createdAt),
  ],
);

/** An event's album (/albums): photos added after it by staff and, where allowed, attendees. */
export const eventPhotos = pgTable(
  'event_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    poiId: text('poi_id').notNull(),
    hash: text('hash').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    uploaderId: uuid('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    // visible, removed.
    status: text('status').notNull().default('visible'),
    removedReason: text('removed_reason'),
    removedBy: uuid('removed_by').references(() => users.id, { onDelete: 'set null' }),
    removedAt: instant('removed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('event_photos_event_idx').on(t.eventId, t.createdAt, t.id), index('event_photos_poi_idx').on(t.poiId, t.createdAt)],
);

/** "This photo shows me, please remove it": one request per person per photo; staff remove the photo or keep it. */
export const eventPhotoRequests = pgTable(
  'event_photo_requests',
  {
    photoId: uuid('photo_id').notNull().references(() => eventPhotos.id, { onDelete: 'cascade' }),
    requesterId: uuid('requester_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    poiId: text('poi_id').notNull(),
    reason: text('reason').notNull().default(''),
    // open, removed, kept.
    status: text('status').notNull().default('open'),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: instant('handled_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.photoId, t.requesterId] }), index('event_photo_requests_open_idx').on(t.poiId, t.createdAt).where(sql`status = 'open'`)],
);

/** Opening hours per weekday, Monday first: [open, close] in minutes after midnight (Beijing), or null when closed. */
export type WeekHours = ([number, number] | null)[];

/** A community's bookable space (/area): 活动室, 羽毛球场, 会议室 … */
export const spaces = pgTable(
  'spaces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    poiId: text('poi_id').notNull().references(() => communities.poiId),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    rules: text('rules').notNull().default(''),
    hours: jsonb('hours').$type<WeekHours>().notNull(),
    // Bookings start on this grid and last a whole number of slots.
    slotMinutes: integer('slot_minutes').notNull().default(60),
    needsApproval: boolean('needs_approval').notNull().default(false),
    // Per person per Beijing week (Monday–Sunday), in minutes; null: no limit.
    weeklyMinutes: integer('weekly_minutes'),
    // How far ahead a slot may be booked.
    daysAhead: integer('days_ahead').notNull().default(14),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [index('spaces_poi_idx').on(t.poiId, t.active)],
);

/**
 * A booking of a space. Two bookings that hold the same space (pending or approved) never overlap:
 * an exclusion constraint in the migration (btree_gist), not a check in code, so parallel requests
 * cannot both win.
 */
export const spaceBookings = pgTable(
  'space_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id').notNull().references(() => spaces.id, { onDelete: 'cascade' }),
    poiId: text('poi_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    // The event that reserved it (staff), if any.
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    purpose: text('purpose').notNull().default(''),
    // pending, approved, rejected, cancelled.
    status: text('status').notNull(),
    reviewNote: text('review_note'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: instant('reviewed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('space_bookings_space_idx').on(t.spaceId, t.startsAt),
    index('space_bookings_user_idx').on(t.userId, t.startsAt),
    index('space_bookings_poi_day_idx').on(t.poiId, t.startsAt),
  ],
);
