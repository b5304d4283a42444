import { OFFLINE_SCAN_MAX_AGE_DAYS } from '@sq/contract/pass/offline-scans';
import { eq, sql } from 'drizzle-orm';
import { RETENTION_DEFAULTS, type Retention } from '@sq/contract/manage/retention';
import { rowsOf, type Db } from '../../db/client';
import { retentionSettings } from '../../db/schema';
import { deleteHiddenBoardContent } from '../board/retention-repo';
import { deleteSignupMobiles } from '../events/signups-retention-repo';
import { deleteUnusedImages } from '../images/retention';
import { deleteRemovedAlbumPhotos } from '../albums/retention-repo';
import { deleteOldBookings } from '../spaces/retention-repo';
import { postgresImageStore, type ImageStore } from '../images/store';
import { createImageUses } from '../images/uses';

/** Per community: its own period, else the default. */
const travel = sql.raw(`coalesce(s.travel_days, ${RETENTION_DEFAULTS.travelDays})`);
const ended = sql.raw(`coalesce(s.ended_days, ${RETENTION_DEFAULTS.endedDays})`);
const months = sql.raw(`coalesce(s.log_months, ${RETENTION_DEFAULTS.logMonths})`);

type Counted = { rows: { poi_id: string; n: number }[] };

/** `images`: where photos' bytes are (the unused ones lose their objects too); PostgreSQL alone unless given. */
export function createRetentionRepo(db: Db, images: ImageStore = postgresImageStore()) {
  return {
    async settingsOf(poiId: string): Promise<Retention | null> {
      const [row] = await db
        .select({ travelDays: retentionSettings.travelDays, endedDays: retentionSettings.endedDays, logMonths: retentionSettings.logMonths })
        .from(retentionSettings)
        .where(eq(retentionSettings.poiId, poiId));
      return row ?? null;
    },

    async save(poiId: string, r: Retention, userId: string) {
      await db
        .insert(retentionSettings)
        .values({ poiId, ...r, updatedBy: userId })
        .onConflictDoUpdate({ target: retentionSettings.poiId, set: { ...r, updatedBy: userId, updatedAt: sql`now()` } });
    },

    /**
     * One pass over every community in one transaction, serialised across processes by an
     * advisory lock (a second process finds it taken and does nothing). `today` is the Beijing
     * date; counts per community and kind. Nothing else of a registration changes (its place in
     * the staff lists included).
     */
    async run(now: Date, today: string) {
      return db.transaction(async (tx) => {
        const got = rowsOf<{ got: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('sq.retention.run')) as got`))[0]!.got;
        if (!got) return null;
        const travelRows = (await tx.execute(sql`
          with cleared as (
            update registrations r set is_return = 0, return_date = null, wuhan = '', vehicle = '', backup = ''
            from communities c left join retention_settings s on s.poi_id = c.poi_id
            where r.poi_id = c.poi_id and r.return_date is not null and r.return_date + ${travel} < ${today}::date
            returning r.poi_id)
          select poi_id, count(*)::int as n from cleared group by poi_id`)) as unknown as Counted;
        const endedRows = (await tx.execute(sql`
          with gone as (
            delete from registrations r
            using communities c left join retention_settings s on s.poi_id = c.poi_id
            where r.poi_id = c.poi_id and (
              (r.status = -1 and r.updated_at < ${now}::timestamptz - make_interval(days => ${ended}))
              or (r.expire_time is not null and r.expire_time + ${ended} < ${today}::date))
            returning r.poi_id)
          select poi_id, count(*)::int as n from gone group by poi_id`)) as unknown as Counted;
        const logRows = (await tx.execute(sql`
          with gone as (
            delete from entry_logs l
            using communities c left join retention_settings s on s.poi_id = c.poi_id
            where l.poi_id = c.poi_id and l.created_at < ${now}::timestamptz - make_interval(months => ${months})
            returning l.poi_id)
          select poi_id, count(*)::int as n from gone group by poi_id`)) as unknown as Counted;
        // An invitation serves its window; kept as long as an ended registration, then deleted
        // (its entries and exits stay in the log, which has its own period).
        const invitationRows = (await tx.execute(sql`
          with gone as (
            delete from invitations i
            using communities c left join retention_settings s on s.poi_id = c.poi_id
            where i.poi_id = c.poi_id and i.ends_at < ${now}::timestamptz - make_interval(days => ${ended})
            returning i.poi_id)
          select poi_id, count(*)::int as n from gone group by poi_id`)) as unknown as Counted;
        // A used code's row matters for minutes (it spends the codes around it; the scanner may
        // reload it): the log line is the record. Kept a day, then gone with what it says.
        await tx.execute(sql`delete from pass_codes where created_at < ${now}::timestamptz - interval '1 day'`);
        // Where a pass stands at the gate (pass_gate_states) matters for its codes' windows and the
        // re-entry window, a day at most; after that it would only say when the person last passed
        // the gate, which the log keeps for its own period. (No time: a refused use's lock only.)
        await tx.execute(sql`delete from pass_gate_states where last_at is null or last_at < ${now}::timestamptz - interval '1 day'`);
        // A kit is named by the offline scans checked with it, which arrive at most
        // OFFLINE_SCAN_MAX_AGE_DAYS after they were made, inside its validity: a day later no scan
        // can name it any more. (A scanner online takes a new kit every minute: without this the
        // table grew by ~1,440 rows a day per duty phone, each saying who was on duty.)
        await tx.execute(sql`delete from offline_kits where valid_until < ${now}::timestamptz - make_interval(days => ${OFFLINE_SCAN_MAX_AGE_DAYS + 1})`);
        // 邻里圈: removed and deleted posts and comments, after their legal period (one for all communities).
        const board = await deleteHiddenBoardContent(tx, now, createImageUses());
        // 社区相册: photos removed by staff past ALBUM_REMOVED_KEEP_DAYS; 场地: bookings past SPACE_BOOKINGS_KEEP_DAYS.
        const albums = await deleteRemovedAlbumPhotos(tx, now, createImageUses());
        const bookings = await deleteOldBookings(tx, now);
        // After the board and the albums: the photos they just let go of are unused now.
        const imageRows = await deleteUnusedImages(tx, now, images);
        // 社区活动: a sign-up's mobile, once the event is long over.
        const eventMobiles = await deleteSignupMobiles(tx, now);
        return { travel: travelRows.rows, ended: endedRows.rows, logs: logRows.rows, invitations: invitationRows.rows, board, albums, bookings, images: imageRows, eventMobiles };
      });
    },
  };
}
export type RetentionRepo = ReturnType<typeof createRetentionRepo>;
