import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import type { Tx } from '../../db/in-turn';
import { cursorText, olderThan, type KeysetCursor } from '../../db/keyset';
import { eventPhotoRequests, eventPhotos, events, eventSignups } from '../../db/schema';
import type { ImageUses } from '../images/uses';

/** What an album's photo is named by in the images module (uses.ts). */
export const albumRef = (photoId: string) => `album:${photoId}`;

export type AlbumEvent = {
  id: string;
  poiId: string;
  title: string;
  status: string;
  startsAt: Date;
  endsAt: Date;
  attendeePhotos: boolean;
  photoCount: number;
};

export type PhotoRow = { id: string; eventId: string; poiId: string; hash: string; width: number; height: number; uploaderId: string | null; status: string; createdAt: Date };

/** Event albums' photos: reading pages, adding, the uploader's delete. */
export function createPhotosRepo(db: Db, uses: ImageUses) {
  return {
    async event(id: string): Promise<AlbumEvent | null> {
      const [row] = await db
        .select({ id: events.id, poiId: events.poiId, title: events.title, status: events.status, startsAt: events.startsAt, endsAt: events.endsAt, attendeePhotos: events.attendeePhotos, photoCount: events.photoCount })
        .from(events)
        .where(eq(events.id, id));
      return row ?? null;
    },

    /** Whether the person holds a confirmed (or checked-in) sign-up for the event: an attendee. */
    async attended(eventId: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: eventSignups.id })
        .from(eventSignups)
        .where(and(eq(eventSignups.eventId, eventId), eq(eventSignups.userId, userId), sql`(${eventSignups.status} = 'confirmed' or ${eventSignups.checkedInAt} is not null)`));
      return Boolean(row);
    },

    /** Photos the person has in the album (removed ones count: a removal is no new place). */
    async countOf(q: Db | Tx, eventId: string, userId: string): Promise<number> {
      const [row] = await q.select({ n: sql<number>`count(*)::int` }).from(eventPhotos).where(and(eq(eventPhotos.eventId, eventId), eq(eventPhotos.uploaderId, userId)));
      return row!.n;
    },

    /** A page of visible photos, newest first, with whether `viewerId` asked for each one's removal. */
    async page(eventId: string, viewerId: string, cursor: KeysetCursor | null, limit: number) {
      return db
        .select({
          id: eventPhotos.id,
          hash: eventPhotos.hash,
          width: eventPhotos.width,
          height: eventPhotos.height,
          uploaderId: eventPhotos.uploaderId,
          createdAt: eventPhotos.createdAt,
          cursorAt: cursorText(eventPhotos.createdAt),
          asked: sql<boolean>`exists (select 1 from ${eventPhotoRequests} r where r.photo_id = ${eventPhotos.id} and r.requester_id = ${viewerId})`,
        })
        .from(eventPhotos)
        .where(and(eq(eventPhotos.eventId, eventId), eq(eventPhotos.status, 'visible'), olderThan(eventPhotos.createdAt, eventPhotos.id, cursor)))
        .orderBy(desc(eventPhotos.createdAt), desc(eventPhotos.id))
        .limit(limit + 1);
    },

    /**
     * Inside the person's turn: one row per photo (each recorded as the user of its image, which
     * must be the person's own upload to the community), and the event's count. Answers the rows.
     */
    async add(tx: Tx, input: { event: AlbumEvent; uploaderId: string; hashes: readonly string[]; missing: string; at: Date }): Promise<PhotoRow[]> {
      const { event, uploaderId, at } = input;
      const rows: PhotoRow[] = [];
      // Apart by a microsecond each, so that newest first keeps the order they were picked in.
      for (const [i, hash] of [...new Set(input.hashes)].entries()) {
        const id = randomUUID();
        const [image] = await uses.use(tx, { poiId: event.poiId, uploaderId, hashes: [hash], ref: albumRef(id), missing: input.missing });
        const createdAt = new Date(at.getTime() + i);
        await tx.insert(eventPhotos).values({ id, eventId: event.id, poiId: event.poiId, hash, width: image!.width, height: image!.height, uploaderId, createdAt });
        rows.push({ id, eventId: event.id, poiId: event.poiId, hash, width: image!.width, height: image!.height, uploaderId, status: 'visible', createdAt });
      }
      await tx.update(events).set({ photoCount: sql`${events.photoCount} + ${rows.length}` }).where(eq(events.id, event.id));
      return rows;
    },

    async photo(id: string): Promise<PhotoRow | null> {
      const [row] = await db
        .select({ id: eventPhotos.id, eventId: eventPhotos.eventId, poiId: eventPhotos.poiId, hash: eventPhotos.hash, width: eventPhotos.width, height: eventPhotos.height, uploaderId: eventPhotos.uploaderId, status: eventPhotos.status, createdAt: eventPhotos.createdAt })
        .from(eventPhotos)
        .where(eq(eventPhotos.id, id));
      return row ?? null;
    },

    /** The uploader's delete: the row (its requests with it) and its use of the image go at once. */
    async remove(photo: PhotoRow): Promise<void> {
      await db.transaction(async (tx) => {
        const gone = await tx.delete(eventPhotos).where(eq(eventPhotos.id, photo.id)).returning({ status: eventPhotos.status });
        await uses.release(tx, albumRef(photo.id));
        if (gone[0]?.status === 'visible') await tx.update(events).set({ photoCount: sql`greatest(${events.photoCount} - 1, 0)` }).where(eq(events.id, photo.eventId));
      });
    },

    /**
     * The community's albums: published events with visible photos, the latest start first, each
     * with its newest photo as the cover.
     */
    async albums(poiId: string, cursor: KeysetCursor | null, limit: number) {
      return rowsOf<{ id: string; title: string; starts_at: Date; photo_count: number; cursor_at: string; hash: string; width: number; height: number }>(
        await db.execute(sql`
          select e.id, e.title, e.starts_at, e.photo_count, e.starts_at::text as cursor_at, p.hash, p.width, p.height
          from ${events} e
          cross join lateral (
            select hash, width, height from ${eventPhotos} p
            where p.event_id = e.id and p.status = 'visible'
            order by p.created_at desc, p.id desc limit 1) p
          where e.poi_id = ${poiId} and e.status = 'published' and e.photo_count > 0
            ${cursor ? sql`and (e.starts_at, e.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql``}
          order by e.starts_at desc, e.id desc
          limit ${limit + 1}`),
      );
    },
  };
}
export type PhotosRepo = ReturnType<typeof createPhotosRepo>;
