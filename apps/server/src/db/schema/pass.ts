import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, smallint, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns';
import { communities } from './community';
import { users } from './identity';
import { invitations } from './visits';

/** 执勤者 and community managers of one community: level 1 manager, 2 duty staff (spec §3). */
export const staff = pgTable(
  'staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    poiId: text('poi_id').notNull().references(() => communities.poiId),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    level: smallint('level').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [unique('staff_poi_user_uq').on(t.poiId, t.userId), index('staff_user_idx').on(t.userId)],
);

/**
 * 登记 (the spec's userCard). Mobile and ID number are ciphertext plus a keyed hash for search;
 * the masked forms are kept for lists so listing never decrypts.
 */
export const registrations = pgTable(
  'registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    poiId: text('poi_id').notNull().references(() => communities.poiId),
    // The person the pass belongs to; null when staff registered someone without an account (import=1).
    userId: uuid('user_id').references(() => users.id),
    name: text('name').notNull(),
    mobileEnc: text('mobile_enc').notNull(),
    mobileHash: text('mobile_hash').notNull(),
    mobileMasked: text('mobile_masked').notNull(),
    // 证件类型 (contract documents/document-types): 'id' for every registration made before types existed.
    cardType: text('card_type').notNull().default('id'),
    cardEnc: text('card_enc').notNull(),
    cardHash: text('card_hash').notNull(),
    cardMasked: text('card_masked').notNull(),
    /** ISO 3166 alpha-2 nationality of a passport holder; '' for other documents. */
    nationality: text('nationality').notNull().default(''),
    owner: text('owner').notNull(),
    expireTime: date('expire_time', { mode: 'string' }),
    company: text('company').notNull().default(''),
    other: text('other').notNull().default(''),
    address: text('address').notNull(),
    isReturn: smallint('is_return').notNull().default(0),
    returnDate: date('return_date', { mode: 'string' }),
    wuhan: text('wuhan').notNull().default(''),
    vehicle: text('vehicle').notNull().default(''),
    backup: text('backup').notNull().default(''),
    buildingNo: text('building_no').notNull().default(''),
    // 0 pending, 1 approved, -1 returned for edit (spec §4).
    status: smallint('status').notNull().default(0),
    // Why staff sent it back (shown to the person until they submit again); '' otherwise.
    returnReason: text('return_reason').notNull().default(''),
    // Set when staff revoked the approved pass (撤销, 1 → -1), as opposed to sending a pending one
    // back (退回): status stays the spec's -1 for both; this tells the person which it was. Cleared
    // by any other move and by re-submitting.
    revokedAt: instant('revoked_at'),
    // When the person agreed to the notice of privacy/notice.ts, and which version; null for a
    // registration staff entered or an old client sent (they are shown the notice and asked).
    consentAt: instant('consent_at'),
    consentVersion: text('consent_version'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('registrations_poi_user_uq').on(t.poiId, t.userId),
    // Staff lists and exports read in (updated_at, id) order, per tab or all tabs: each page is an
    // index range, and the tab counts are index-only scans of the first (bench/staff-lists).
    index('registrations_poi_status_updated_idx').on(t.poiId, t.status, t.updatedAt, t.id),
    index('registrations_poi_updated_idx').on(t.poiId, t.updatedAt, t.id),
    index('registrations_poi_mobile_idx').on(t.poiId, t.mobileHash),
    index('registrations_poi_card_idx').on(t.poiId, t.cardHash),
    // Searching part of a name: Chinese names are 2–4 characters, so people type 1–2, which
    // trigrams cannot index. A GIN index on the name's characters finds the rows holding all of
    // the typed characters; ILIKE then checks their order (registration-repo.ts).
    index('registrations_name_chars_idx').using('gin', sql`string_to_array(lower(${t.name}), NULL)`),
  ],
);

/** Who approved, sent back or revoked a registration, and when. */
export const registrationReviews = pgTable(
  'registration_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    registrationId: uuid('registration_id').notNull().references(() => registrations.id, { onDelete: 'cascade' }),
    fromStatus: smallint('from_status').notNull(),
    toStatus: smallint('to_status').notNull(),
    reviewedBy: uuid('reviewed_by').notNull().references(() => users.id),
    // The reason given with a send-back or a revocation; '' when none was given (older clients).
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('registration_reviews_reg_idx').on(t.registrationId, t.createdAt)],
);

/** A single-use pass code shown as the pass QR; scanning it writes one entry log (DESIGN.md §6). */
export const passCodes = pgTable(
  'pass_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    // The pass used: a registration's, or an invited visitor's (exactly one of the two).
    registrationId: uuid('registration_id').references(() => registrations.id, { onDelete: 'cascade' }),
    invitationId: uuid('invitation_id').references(() => invitations.id, { onDelete: 'cascade' }),
    poiId: text('poi_id').notNull().references(() => communities.poiId),
    // 1 entering (returning home), 2 leaving.
    direction: smallint('direction').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    usedBy: uuid('used_by').references(() => users.id),
    // isUse as the resident's page sees it: 0 waiting, 1 let through, -1 sent back to the form.
    isUse: smallint('is_use').notNull().default(0),
    // The rotating code's time step (codes are made on the phone; a row exists once one is used).
    // Null for the server-minted codes of before. One use per pass, direction and step.
    step: integer('step'),
    createdAt: createdAt(),
  },
  (t) => [
    index('pass_codes_registration_idx').on(t.registrationId),
    uniqueIndex('pass_codes_step_uq').on(t.registrationId, t.direction, t.step),
    uniqueIndex('pass_codes_invitation_step_uq').on(t.invitationId, t.direction, t.step),
    check('pass_codes_one_pass_ck', sql`(${t.registrationId} is null) <> (${t.invitationId} is null)`),
  ],
);

/**
 * Where a resident's pass stands at the gate: the highest step used in each direction and its
 * latest log line's direction and time. One narrow row a pass, written in the statement that
 * records a use (and by offline uploads): its row lock orders two gates scanning the same pass,
 * and a waiting statement re-checks the row as the other left it (PostgreSQL re-reads a row it
 * waited for), so a scan is one statement, not a transaction of five (issue 32 item 15).
 */
export const passGateStates = pgTable('pass_gate_states', {
  registrationId: uuid('registration_id')
    .primaryKey()
    .references(() => registrations.id, { onDelete: 'cascade' }),
  inStep: integer('in_step'),
  outStep: integer('out_step'),
  /** The latest log line's direction (1 in, 2 out) and time, by the line's own time (offline lines included). */
  lastDirection: smallint('last_direction'),
  lastAt: instant('last_at'),
});

/**
 * Each community's key for pass codes: a pass's secret is an HMAC of its id under this key, so
 * the server (and, later, a scanner with no signal) can check a code without a per-pass secret
 * store. Versions let a key be replaced; a retired version's codes are refused.
 */
export const gateKeys = pgTable(
  'gate_keys',
  {
    poiId: text('poi_id').notNull().references(() => communities.poiId),
    version: integer('version').notNull(),
    // 32 random bytes, encrypted like personal data.
    keyEnc: text('key_enc').notNull(),
    createdAt: createdAt(),
    retiredAt: instant('retired_at'),
  },
  (t) => [primaryKey({ columns: [t.poiId, t.version] })],
);

/** 出入记录: one row per scan at the gate. Name and owner are copied so the log survives edits. */
export const entryLogs = pgTable(
  'entry_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    poiId: text('poi_id').notNull().references(() => communities.poiId),
    registrationId: uuid('registration_id').references(() => registrations.id, { onDelete: 'set null' }),
    // An invited visitor's entry or exit (their name and mobile are copied like a resident's).
    invitationId: uuid('invitation_id').references(() => invitations.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    mobileEnc: text('mobile_enc').notNull(),
    mobileMasked: text('mobile_masked').notNull(),
    owner: text('owner').notNull(),
    // 1 entry, 2 exit (the spec's `pass`).
    direction: smallint('direction').notNull(),
    // A vehicle the duty staff recorded by its plate ('' and null for people scanned by pass).
    plateEnc: text('plate_enc'),
    plateMasked: text('plate_masked').notNull().default(''),
    scannedBy: uuid('scanned_by').references(() => users.id),
    // Checked by a scanner with no signal and sent later (createdAt is the scan's own time).
    offline: boolean('offline').notNull().default(false),
    // The same pass was already used in this direction and window (two gates while offline, one
    // screenshot): logged all the same, marked for the managers.
    conflict: boolean('conflict').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('entry_logs_poi_created_idx').on(t.poiId, t.createdAt),
    index('entry_logs_invitation_idx').on(t.invitationId).where(sql`${t.invitationId} is not null`),
    // A pass's last log line, asked at every entry scan (anti-passback, gate-settings.ts).
    index('entry_logs_registration_created_idx').on(t.registrationId, t.createdAt),
  ],
);


/**
 * 车辆: plates a resident registered with their registration in a community. Personal data like
 * mobiles: encrypted, found by keyed hash, masked in lists; gone with the registration.
 */
/**
 * The public halves of the phones' signing keys for passes (issue 32 item 2; contract
 * pass/signed-code.ts): a resident's registration's or an invited visitor's invitation's. The
 * private halves never reach the server. `kid` numbers a pass's keys; a revoked key's codes are
 * refused from then on, offline scans dated after it included.
 */
export const passKeys = pgTable(
  'pass_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    poiId: text('poi_id').notNull().references(() => communities.poiId),
    registrationId: uuid('registration_id').references(() => registrations.id, { onDelete: 'cascade' }),
    invitationId: uuid('invitation_id').references(() => invitations.id, { onDelete: 'cascade' }),
    kid: integer('kid').notNull(),
    publicKey: text('public_key').notNull(),
    createdAt: createdAt(),
    revokedAt: instant('revoked_at'),
  },
  (t) => [
    uniqueIndex('pass_keys_registration_kid_uq').on(t.registrationId, t.kid).where(sql`${t.registrationId} is not null`),
    uniqueIndex('pass_keys_invitation_kid_uq').on(t.invitationId, t.kid).where(sql`${t.invitationId} is not null`),
    index('pass_keys_poi_idx').on(t.poiId),
    check('pass_keys_one_pass', sql`(${t.registrationId} is null) <> (${t.invitationId} is null)`),
  ],
);

/**
 * Each offline kit handed to a duty staff member's scanner, with its validity: scans sent later
 * name the kit they were checked with, and are taken only when dated inside its validity
 * (a kit downloaded today proves nothing about last week).
 */
export const offlineKits = pgTable(
  'offline_kits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    poiId: text('poi_id').notNull().references(() => communities.poiId),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    issuedAt: instant('issued_at').notNull(),
    validUntil: instant('valid_until').notNull(),
  },
  (t) => [index('offline_kits_issued_idx').on(t.issuedAt)],
);

/** A community's gate rules; no row: the defaults (contract pass/gate-settings.ts). */
export const gateSettings = pgTable('gate_settings', {
  poiId: text('poi_id').primaryKey().references(() => communities.poiId),
  reentryMinutes: integer('reentry_minutes').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

export const vehiclePlates = pgTable(
  'vehicle_plates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    poiId: text('poi_id').notNull().references(() => communities.poiId),
    registrationId: uuid('registration_id').notNull().references(() => registrations.id, { onDelete: 'cascade' }),
    plateEnc: text('plate_enc').notNull(),
    plateHash: text('plate_hash').notNull(),
    plateMasked: text('plate_masked').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('vehicle_plates_registration_plate_uq').on(t.registrationId, t.plateHash), index('vehicle_plates_poi_plate_idx').on(t.poiId, t.plateHash)],
);
