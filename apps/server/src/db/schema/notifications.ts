import { bigserial, boolean, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns';
import { users } from './identity';

/**
 * What a person was told (消息). `dedupe_key` names the event (a review, a scan, a day's reminder):
 * an event recorded twice – a retry, two processes – is one notice.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Null for someone without an account here (an invited visitor): told by SMS only, at `mobile_enc`.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    mobileEnc: text('mobile_enc'),
    kind: text('kind').notNull(),
    poiId: text('poi_id'),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull().default(''),
    dedupeKey: text('dedupe_key').notNull().unique(),
    readAt: instant('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * The outbox: one row per notice and channel to send it on (SMS, WeChat), written with the
 * notice, sent by a worker after the request has answered, retried with back-off until it is
 * accepted or its attempts run out. Survives a restart; sent at least once.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    notificationId: uuid('notification_id').notNull().references(() => notifications.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    // pending, sent, failed (attempts ran out), skipped (the channel cannot reach the person).
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAt: instant('next_at').notNull().defaultNow(),
    sentAt: instant('sent_at'),
    // Why the last attempt failed: a status code or an errcode, never the message's content.
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('notification_deliveries_due_idx').on(t.status, t.nextAt)],
);

/** A kind a person turned off, or the hours after which reviewsWaiting reminds them. No row: on, defaults. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    hours: integer('hours'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
