import { boolean, index, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns';
import { communities } from './community';
import { users } from './identity';
import { registrations } from './pass';

/**
 * 访客邀请 (issue 13 item 4): a resident invites a visitor for a window. The visitor's pass id is
 * the invitation's id (their codes are made like a resident's, from the community's gate key);
 * the SMS link's token is an HMAC of it, so nothing secret is stored. Goes with the inviting
 * registration; deleted by retention once its window is long past.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    poiId: text('poi_id').notNull().references(() => communities.poiId),
    // The resident's registration here: the invitation ends with it (a deleted registration, a deleted account).
    registrationId: uuid('registration_id').notNull().references(() => registrations.id, { onDelete: 'cascade' }),
    inviterId: uuid('inviter_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mobileEnc: text('mobile_enc').notNull(),
    mobileMasked: text('mobile_masked').notNull(),
    plateEnc: text('plate_enc'),
    plateMasked: text('plate_masked').notNull().default(''),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    entries: smallint('entries').notNull(),
    // Counted by the gate in the scan's transaction (pass_codes rows go after a day; this stays).
    entriesUsed: smallint('entries_used').notNull().default(0),
    // The visitor's document, where the community asks for one (null until given).
    cardType: text('card_type'),
    cardEnc: text('card_enc'),
    cardMasked: text('card_masked'),
    nationality: text('nationality').notNull().default(''),
    consentAt: instant('consent_at'),
    consentVersion: text('consent_version'),
    cancelledAt: instant('cancelled_at'),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('invitations_poi_created_idx').on(t.poiId, t.createdAt),
    index('invitations_inviter_created_idx').on(t.inviterId, t.poiId, t.createdAt),
    index('invitations_registration_idx').on(t.registrationId),
  ],
);

/** A community's choice for invited visitors; no row: a document is asked for (the safer default). */
export const visitSettings = pgTable('visit_settings', {
  poiId: text('poi_id').primaryKey().references(() => communities.poiId),
  withoutDocument: boolean('without_document').notNull().default(false),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});
