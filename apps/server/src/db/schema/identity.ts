import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns';

/** A person who logged in with a mobile number. `openId` is the only id that leaves the server. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  openId: text('open_id').notNull().unique(),
  mobileEnc: text('mobile_enc').notNull(),
  mobileHash: text('mobile_hash').notNull().unique(),
  username: text('username').notNull(),
  avatar: text('avatar'),
  // Platform operator: moderates street-level info (granted by the admin CLI).
  isOperator: boolean('is_operator').notNull().default(false),
  createdAt: createdAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** One-time SMS login codes, stored hashed; rows also serve the per-mobile and per-IP rate limits. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mobileHash: text('mobile_hash').notNull(),
    codeHash: text('code_hash').notNull(),
    // Hashed too: an address is personal data, and equality is all the rate limit needs.
    ipHash: text('ip_hash').notNull(),
    tries: integer('tries').notNull().default(0),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('sms_codes_mobile_idx').on(t.mobileHash, t.createdAt), index('sms_codes_ip_idx').on(t.ipHash, t.createdAt)],
);

/**
 * Failed login attempts of the last day, for the per-address slow-down and cap: the address only
 * (hashed like the codes' rows). No mobile: failures never lock an account, so there is nothing
 * to count against one.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ipHash: text('ip_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_failures_ip_idx').on(t.ipHash, t.createdAt),
    index('login_failures_created_idx').on(t.createdAt),
  ],
);

/**
 * A WeChat identity (web authorisation openid of this deployment's official account) bound to an
 * account, after the person proved the account's mobile by SMS once. The openid is personal
 * data: kept encrypted, found by its keyed hash.
 */
export const wechatIdentities = pgTable('wechat_identities', {
  id: uuid('id').primaryKey().defaultRandom(),
  openidHash: text('openid_hash').notNull().unique(),
  openidEnc: text('openid_enc').notNull(),
  // One WeChat per account: binding another replaces it.
  userId: uuid('user_id').notNull().unique().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/**
 * One WeChat authorisation in progress: the `state` sent to WeChat (hashed; single use, bound to
 * the browser by a cookie nonce), and after the callback, for an openid not bound yet, the ticket
 * the login page binds with once the person proves their mobile. Rows live minutes.
 */
export const wechatLogins = pgTable(
  'wechat_logins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stateHash: text('state_hash').notNull().unique(),
    browserHash: text('browser_hash').notNull(),
    referer: text('referer').notNull(),
    scope: text('scope').notNull(),
    createdAt: createdAt(),
    calledBackAt: instant('called_back_at'),
    openidEnc: text('openid_enc'),
    openidHash: text('openid_hash'),
    ticketHash: text('ticket_hash').unique(),
    ticketUsedAt: instant('ticket_used_at'),
  },
  (t) => [index('wechat_logins_created_idx').on(t.createdAt)],
);
