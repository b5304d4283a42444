import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns';
import { communities } from './community';
import { users } from './identity';
import type { BoardImage } from './board';

/** A shop's photo: the image and the community whose images hold its bytes (the uploader's, on applying). */
export type ShopImage = BoardImage & { poiId: string };

/**
 * 周边商家 (issue 35; DESIGN.md §9 "New roles"). A shop around the estates: it applies, is reviewed
 * per community it wants to serve (merchant_communities), and appears only where approved. Its
 * texts passed the content check; its licence number (统一社会信用代码) is a business's public
 * identifier, not personal data; its phone is the shop's public number.
 */
export const merchants = pgTable(
  'merchants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    // One of the ten service categories (contract map/service-categories).
    category: text('category').notNull(),
    intro: text('intro').notNull().default(''),
    address: text('address').notNull(),
    lng: doublePrecision('lng').notNull(),
    lat: doublePrecision('lat').notNull(),
    // Opening hours as the shop writes them (e.g. 09:00-21:00), checked for their form.
    hours: text('hours').notNull(),
    phone: text('phone').notNull(),
    photos: jsonb('photos').$type<ShopImage[]>().notNull().default([]),
    licenceNo: text('licence_no').notNull(),
    // The licence photo is seen by reviewers and the shop only.
    licenceImage: jsonb('licence_image').$type<ShopImage>().notNull(),
    // Communities within this many metres may be served.
    radiusM: integer('radius_m').notNull(),
    // pending, approved, returned, suspended (merchant-rules MERCHANT_STATUSES): the platform's view.
    status: text('status').notNull().default('pending'),
    statusNote: text('status_note'),
    ownerId: uuid('owner_id').notNull().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [index('merchants_category_idx').on(t.category, t.status), index('merchants_owner_idx').on(t.ownerId)],
);

/**
 * The communities a shop serves, each reviewed by the platform operator or that community's
 * administrator: the shop is listed to a community's residents only where its row is approved.
 */
export const merchantCommunities = pgTable(
  'merchant_communities',
  {
    merchantId: uuid('merchant_id').notNull().references(() => merchants.id, { onDelete: 'cascade' }),
    poiId: text('poi_id').notNull().references(() => communities.poiId),
    // pending, approved, returned, removed.
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    distanceM: integer('distance_m').notNull(),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: instant('reviewed_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.poiId] }), index('merchant_communities_poi_idx').on(t.poiId, t.status)],
);

/** A shop's accounts: its owner and the clerks the owner added by mobile (role owner | clerk). */
export const merchantStaff = pgTable(
  'merchant_staff',
  {
    merchantId: uuid('merchant_id').notNull().references(() => merchants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.userId] }), index('merchant_staff_user_idx').on(t.userId)],
);

/**
 * The phones' signing keys for codes shown at a counter (coupons now, order pickup next; the
 * pass's own keys stay per pass): a phone makes an Ed25519 key pair, keeps the private half and
 * registers the public half here. A counter, online or with its offline kit, checks a code's
 * signature and can never make one.
 */
export const holderKeys = pgTable(
  'holder_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kid: integer('kid').notNull(),
    publicKey: text('public_key').notNull(),
    createdAt: createdAt(),
    revokedAt: instant('revoked_at'),
  },
  (t) => [uniqueIndex('holder_keys_user_kid_uq').on(t.userId, t.kid)],
);

/**
 * A coupon batch a shop publishes (issue 35 item 2). `claimed` is kept with every claim in the
 * same statement (`claimed < total` in its WHERE), so a rush never gives more than `total`.
 * Amounts are integer fen. `channel`: claim (residents claim it) or redbag (its coupons are only
 * handed out as red-packet shares, each with its own value).
 */
export const couponBatches = pgTable(
  'coupon_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id').notNull().references(() => merchants.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull().default('claim'),
    title: text('title').notNull(),
    // cash (value off above a threshold), discount (pay percent), gift (a free item).
    kind: text('kind').notNull(),
    valueFen: integer('value_fen'),
    thresholdFen: integer('threshold_fen').notNull().default(0),
    // For discount: what is paid, in percent (88 = 八八折).
    payPercent: smallint('pay_percent'),
    item: text('item'),
    total: integer('total').notNull(),
    claimed: integer('claimed').notNull().default(0),
    used: integer('used').notNull().default(0),
    perPerson: integer('per_person').notNull().default(1),
    claimStartsAt: instant('claim_starts_at').notNull(),
    claimEndsAt: instant('claim_ends_at').notNull(),
    // A claimed coupon is valid this many days from its claim (ending at Beijing midnight).
    validDays: integer('valid_days').notNull(),
    // Only residents of at least this member level may claim (0: everyone).
    minLevel: smallint('min_level').notNull().default(0),
    // Served communities it is offered in; empty: all the shop's approved ones.
    communities: text('communities').array().notNull().default(sql`'{}'::text[]`),
    rules: text('rules').notNull().default(''),
    // active, stopped.
    status: text('status').notNull().default('active'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('coupon_batches_merchant_idx').on(t.merchantId, t.createdAt),
    check('coupon_batches_claimed_le_total', sql`${t.claimed} <= ${t.total}`),
  ],
);

/**
 * A resident's coupon. `status` unused | used; expired is `valid_until` past. Redeemed once:
 * the redeeming UPDATE has `status = 'unused'` in its WHERE. The holder's key signs the rotating
 * code (holder_keys); `redeemed_via` online | offline, `scanned_at` the counter's time of an
 * offline scan.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    batchId: uuid('batch_id').notNull().references(() => couponBatches.id, { onDelete: 'cascade' }),
    merchantId: uuid('merchant_id').notNull().references(() => merchants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    // The community the holder claimed it in.
    poiId: text('poi_id').notNull().references(() => communities.poiId),
    // A red-packet share's own value (fen); null: the batch's.
    valueFen: integer('value_fen'),
    status: text('status').notNull().default('unused'),
    validUntil: instant('valid_until').notNull(),
    claimedAt: instant('claimed_at').notNull().defaultNow(),
    usedAt: instant('used_at'),
    usedBy: uuid('used_by').references(() => users.id, { onDelete: 'set null' }),
    redeemedVia: text('redeemed_via'),
    scannedAt: instant('scanned_at'),
  },
  (t) => [
    index('coupons_user_idx').on(t.userId, t.claimedAt),
    index('coupons_batch_user_idx').on(t.batchId, t.userId),
    index('coupons_merchant_used_idx').on(t.merchantId, t.usedAt),
    index('coupons_merchant_unused_idx').on(t.merchantId).where(sql`${t.status} = 'unused'`),
  ],
);

/**
 * A red-packet campaign a shop funds with coupons (issue 35 item 3; never cash: paying out money
 * needs a payment licence). Each resident who starts one gets a packet of `packet_fen` split into
 * `shares` random shares (拼手气) over the campaign's redbag-channel coupon batch.
 */
export const redbagCampaigns = pgTable('redbag_campaigns', {
  id: uuid('id').primaryKey().defaultRandom(),
  merchantId: uuid('merchant_id').notNull().references(() => merchants.id, { onDelete: 'cascade' }),
  batchId: uuid('batch_id').notNull().references(() => couponBatches.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  packetFen: integer('packet_fen').notNull(),
  shares: integer('shares').notNull(),
  packets: integer('packets').notNull(),
  packetsStarted: integer('packets_started').notNull().default(0),
  startsAt: instant('starts_at').notNull(),
  endsAt: instant('ends_at').notNull(),
  status: text('status').notNull().default('active'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * One resident's packet: its shares' amounts are drawn when it is made (they add up to the
 * packet, none is zero), so opening only takes the next one; `opened` moves under the row's lock.
 */
export const redbags = pgTable(
  'redbags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id').notNull().references(() => redbagCampaigns.id, { onDelete: 'cascade' }),
    sharerId: uuid('sharer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    poiId: text('poi_id').notNull().references(() => communities.poiId),
    amounts: integer('amounts').array().notNull(),
    opened: integer('opened').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('redbags_campaign_sharer_uq').on(t.campaignId, t.sharerId)],
);

/** Who opened which share of a packet, and the coupon it gave: once per person per packet. */
export const redbagShares = pgTable(
  'redbag_shares',
  {
    redbagId: uuid('redbag_id').notNull().references(() => redbags.id, { onDelete: 'cascade' }),
    idx: smallint('idx').notNull(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    couponId: uuid('coupon_id').notNull().references(() => coupons.id, { onDelete: 'cascade' }),
    amountFen: integer('amount_fen').notNull(),
    openedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.redbagId, t.idx] }), uniqueIndex('redbag_shares_user_uq').on(t.redbagId, t.userId)],
);

/**
 * Member points (issue 35 item 4): one row per deed that helps the community – once per source
 * (`reason`, `ref`), so a repeated scan or a retried job adds nothing. `member_levels.points` is
 * their sum, kept in the same transaction, so a level is read without summing.
 */
export const memberPoints = pgTable(
  'member_points',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    // eventAttended, couponUsed, correctionAccepted, postUseful (level-rules POINT_REASONS).
    reason: text('reason').notNull(),
    ref: text('ref').notNull(),
    poiId: text('poi_id'),
    points: integer('points').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('member_points_source_uq').on(t.userId, t.reason, t.ref), index('member_points_user_idx').on(t.userId, t.createdAt)],
);

export const memberLevels = pgTable('member_levels', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  points: integer('points').notNull().default(0),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});
