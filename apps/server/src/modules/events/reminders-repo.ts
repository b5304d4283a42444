import { EVENT_REMINDERS_MINUTES } from '@sq/contract/events/event-rules';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import type { Tx } from '../../db/in-turn';

const [DAY_MINUTES, HOUR_MINUTES] = EVENT_REMINDERS_MINUTES;

/** A reminder due: a confirmed sign-up whose event starts within its lead time. */
export interface DueReminder {
  signupId: string;
  userId: string;
  eventId: string;
  poiId: string;
  title: string;
  startsAt: Date;
  which: 'day' | 'hour';
}

/**
 * The reminders a day and an hour before the start (EVENT_REMINDERS_MINUTES). One pass runs in
 * one transaction under an advisory lock, so one process of the cluster sends them; each sign-up
 * is marked in the same transaction as its notice is recorded (the notice's key names it once),
 * so a restart or a second process sends none twice.
 */
export function createRemindersRepo(db: Db) {
  return {
    /** Null when another process holds the pass; else what `send` was given. */
    async pass(now: Date, send: (due: DueReminder[]) => Promise<void>): Promise<DueReminder[] | null> {
      return db.transaction(async (tx) => {
        const got = rowsOf<{ got: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('sq.events.reminders')) as got`))[0]!.got;
        if (!got) return null;
        await skipLateDayReminders(tx, now);
        const due = [...(await dueOf(tx, now, 'day')), ...(await dueOf(tx, now, 'hour'))];
        await send(due);
        return due;
      });
    },
  };
}
export type RemindersRepo = ReturnType<typeof createRemindersRepo>;

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/**
 * A sign-up whose event starts within the hour gets the hour's reminder only: its day reminder
 * is marked as done without being sent (two messages within minutes say the same thing).
 */
async function skipLateDayReminders(tx: Tx, now: Date) {
  await tx.execute(sql`
    update event_signups s set reminded_day = true from events e
    where e.id = s.event_id and s.status = 'confirmed' and not s.reminded_day
      and e.starts_at <= ${at(now)} + make_interval(mins => ${HOUR_MINUTES})`);
}

/**
 * Marks and answers the reminders of one kind now due (events published, not started yet). The
 * day's window ends where the hour's begins, in the statement itself: a sign-up committed while
 * the pass runs (each statement sees the newest commits) is not reminded of the day within the hour.
 */
async function dueOf(tx: Tx, now: Date, which: 'day' | 'hour'): Promise<DueReminder[]> {
  const flag = sql.raw(which === 'day' ? 'reminded_day' : 'reminded_hour');
  const lead = which === 'day' ? DAY_MINUTES : HOUR_MINUTES;
  const after = which === 'day' ? sql`${at(now)} + make_interval(mins => ${HOUR_MINUTES})` : at(now);
  const rows = rowsOf<{ id: string; user_id: string; event_id: string; poi_id: string; title: string; starts_at: string }>(
    await tx.execute(sql`
      update event_signups s set ${flag} = true from events e
      where e.id = s.event_id and s.status = 'confirmed' and s.user_id is not null and not s.${flag}
        and e.status = 'published' and e.starts_at > ${after} and e.starts_at <= ${at(now)} + make_interval(mins => ${lead})
      returning s.id, s.user_id, s.event_id, e.poi_id, e.title, e.starts_at`),
  );
  return rows.map((r) => ({ signupId: r.id, userId: r.user_id, eventId: r.event_id, poiId: r.poi_id, title: r.title, startsAt: new Date(r.starts_at), which }));
}
