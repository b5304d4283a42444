import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { NotificationChannel, NotificationKind } from '@sq/contract/notifications/kinds';
import { preparedSql, rowsOf, type Db } from '../../db/client';
import { notificationSettings, notifications } from '../../db/schema';

export interface NewNotification {
  /** Null for a person without an account (told by SMS at `mobileEnc`). */
  userId: string | null;
  mobileEnc?: string;
  kind: NotificationKind;
  poiId: string | null;
  title: string;
  body: string;
  link: string;
  /** Names the event: recording it twice makes one notice. */
  dedupeKey: string;
  channels: readonly NotificationChannel[];
  /** When it happened (the app's clock): the notice's time, and when its deliveries are first due. */
  at: Date;
}

/** A delivery claimed for sending, with what the channel needs to reach the person. */
export interface DueDelivery {
  id: number;
  channel: NotificationChannel;
  attempts: number;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  createdAt: Date;
  mobileEnc: string;
  openidEnc: string | null;
}

/** The lease a claimed delivery holds: a process that dies while sending leaves it due again after this. */
const LEASE_SECONDS = 60;


export function createNotificationsRepo(db: Db) {
  // Every scan at the gate tells its person (passScanned): prepared once, not parsed each time.
  const p = sql.placeholder;
  const recordStatement = preparedSql<{ created: number }>(
    db,
    'notifications_record',
    sql`
      with n as (
        insert into notifications (user_id, mobile_enc, kind, poi_id, title, body, link, dedupe_key, created_at)
        select ${p('userId')}::uuid, ${p('mobileEnc')}::text, ${p('kind')}::text, ${p('poiId')}::text, ${p('title')}::text, ${p('body')}::text, ${p('link')}::text, ${p('dedupeKey')}::text, ${p('at')}::timestamptz
        where not exists (select 1 from notification_settings s where s.user_id = ${p('userId')}::uuid and s.kind = ${p('kind')}::text and not s.enabled)
        on conflict (dedupe_key) do nothing
        returning id
      ), d as (
        insert into notification_deliveries (notification_id, channel, next_at, created_at)
        select n.id, c, ${p('at')}::timestamptz, ${p('at')}::timestamptz from n, unnest(${p('channels')}::text[]) as c
        where c <> 'wechat' or exists (select 1 from wechat_identities w where w.user_id = ${p('userId')}::uuid)
        returning 1
      )
      select count(*)::int as created from n`,
  );
  return {
    /**
     * The notice and its deliveries in one statement, unless the person turned the kind off or
     * the event was recorded before. WeChat is only queued for a person with a bound WeChat.
     * Answers whether a notice was written.
     */
    async record(n: NewNotification): Promise<boolean> {
      const [row] = await recordStatement.execute({
        userId: n.userId,
        mobileEnc: n.mobileEnc ?? null,
        kind: n.kind,
        poiId: n.poiId,
        title: n.title,
        body: n.body,
        link: n.link,
        dedupeKey: n.dedupeKey,
        at: n.at.toISOString(),
        channels: `{${n.channels.join(',')}}`,
      });
      return row!.created > 0;
    },

    async page(userId: string, limit: number, offset: number) {
      return db
        .select({ id: notifications.id, kind: notifications.kind, title: notifications.title, body: notifications.body, link: notifications.link, readAt: notifications.readAt, createdAt: notifications.createdAt })
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit)
        .offset(offset);
    },

    async unread(userId: string) {
      const [row] = await db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return row!.n;
    },

    /** Marks the person's own notices read (all of them without ids); another's ids change nothing. */
    async markRead(userId: string, ids: string[] | undefined, at: Date) {
      const own: SQL[] = [eq(notifications.userId, userId), isNull(notifications.readAt)];
      if (ids) own.push(inArray(notifications.id, ids.length ? ids : ['00000000-0000-0000-0000-000000000000']));
      await db.update(notifications).set({ readAt: at }).where(and(...own));
    },

    /** Whether the person is a manager or an administrator somewhere (the ones reminded of waiting reviews). */
    async managesAny(userId: string) {
      const rows = rowsOf<{ yes: boolean }>(
        await db.execute(sql`select exists (select 1 from staff where user_id = ${userId} and level = 1) or exists (select 1 from community_admins where user_id = ${userId}) as yes`),
      );
      return rows[0]!.yes;
    },

    async settings(userId: string) {
      return db.select({ kind: notificationSettings.kind, enabled: notificationSettings.enabled, hours: notificationSettings.hours }).from(notificationSettings).where(eq(notificationSettings.userId, userId));
    },

    async saveSetting(userId: string, kind: NotificationKind, enabled: boolean, hours: number | undefined) {
      await db
        .insert(notificationSettings)
        .values({ userId, kind, enabled, hours: hours ?? null })
        .onConflictDoUpdate({
          target: [notificationSettings.userId, notificationSettings.kind],
          set: { enabled, ...(hours !== undefined ? { hours } : {}) },
        });
    },

    /**
     * Claims up to `limit` due deliveries (skipping rows another process holds): each attempt is
     * counted and leased before anything is sent, so a crash mid-send means one more attempt later.
     */
    async claimDue(now: Date, limit: number): Promise<DueDelivery[]> {
      return rowsOf<DueDelivery>(
        await db.execute(sql`
          with due as (
            select id from notification_deliveries
            where status = 'pending' and next_at <= ${now.toISOString()}::timestamptz
            order by next_at limit ${limit}
            for update skip locked
          ), claimed as (
            -- In flight: no error yet (last_error is the outcome of a finished attempt, so a row
            -- with attempts counted and no error is one being tried right now).
            update notification_deliveries d set attempts = d.attempts + 1, last_error = null, next_at = ${now.toISOString()}::timestamptz + make_interval(secs => ${LEASE_SECONDS})
            from due where d.id = due.id
            returning d.id, d.channel, d.attempts, d.notification_id
          )
          select c.id::int as id, c.channel, c.attempts, n.kind, n.title, n.body, n.link, n.created_at as "createdAt",
                 coalesce(n.mobile_enc, u.mobile_enc) as "mobileEnc", w.openid_enc as "openidEnc"
          from claimed c
          join notifications n on n.id = c.notification_id
          left join users u on u.id = n.user_id
          left join wechat_identities w on w.user_id = n.user_id`),
      ).map((r) => ({ ...r, createdAt: new Date(r.createdAt) }));
    },

    async settle(id: number, outcome: { status: 'sent' | 'skipped' | 'failed'; at: Date; error?: string } | { retryAt: Date; error: string }) {
      if ('retryAt' in outcome) {
        await db.execute(sql`update notification_deliveries set next_at = ${outcome.retryAt.toISOString()}::timestamptz, last_error = ${outcome.error} where id = ${id}`);
      } else {
        await db.execute(sql`update notification_deliveries set status = ${outcome.status}, sent_at = ${outcome.status === 'sent' ? outcome.at.toISOString() : null}::timestamptz, last_error = ${outcome.error ?? null} where id = ${id}`);
      }
    },

    /**
     * Managers and administrators with reviewsWaiting on, per community, with the registrations
     * that have waited longer than their hours (default `defaultHours`).
     */
    async waitingReviews(now: Date, defaultHours: number) {
      return rowsOf<{ userId: string; poiId: string; community: string; hours: number; waiting: number }>(
        await db.execute(sql`
          with managers as (
            select user_id, poi_id from staff where level = 1
            union select user_id, poi_id from community_admins
          ), m as (
            select m.user_id, m.poi_id, coalesce(s.hours, ${defaultHours}) as hours
            from managers m left join notification_settings s on s.user_id = m.user_id and s.kind = 'reviewsWaiting'
            where coalesce(s.enabled, true)
          )
          select m.user_id as "userId", m.poi_id as "poiId", c.name as community, m.hours, count(r.id)::int as waiting
          from m
          join communities c on c.poi_id = m.poi_id
          join registrations r on r.poi_id = m.poi_id and r.status = 0 and r.updated_at <= ${now.toISOString()}::timestamptz - make_interval(hours => m.hours)
          group by m.user_id, m.poi_id, c.name, m.hours`),
      );
    },

    /** Notices older than `before` (read or not) leave with their deliveries: kept only as long as useful. */
    async deleteOlderThan(before: Date) {
      const rows = await db.delete(notifications).where(sql`${notifications.createdAt} < ${before.toISOString()}::timestamptz`).returning({ id: notifications.id });
      return rows.length;
    },
  };
}
export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
