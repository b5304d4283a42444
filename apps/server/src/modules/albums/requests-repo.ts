import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import type { KeysetCursor } from '../../db/keyset';
import { communityAdmins, eventPhotoRequests, eventPhotos, events, staff, users } from '../../db/schema';

/** Removal requests ("this photo shows me") and staff's decisions on them. */
export function createRequestsRepo(db: Db) {
  return {
    /** False when the person asked already (one request per person per photo, the primary key). */
    async ask(input: { photoId: string; requesterId: string; poiId: string; reason: string; at: Date }): Promise<boolean> {
      const made = await db.insert(eventPhotoRequests).values({ ...input, createdAt: input.at }).onConflictDoNothing().returning({ photoId: eventPhotoRequests.photoId });
      return made.length === 1;
    },

    /** Who hears of a new request: the community's managers and administrators. */
    async moderators(poiId: string): Promise<string[]> {
      const rows = rowsOf<{ user_id: string }>(
        await db.execute(sql`select user_id from ${staff} where poi_id = ${poiId} and level = 1 union select user_id from ${communityAdmins} where poi_id = ${poiId}`),
      );
      return rows.map((r) => r.user_id);
    },

    /** Open requests of a community, oldest first (the queue), with their photo and album. */
    async open(poiId: string, cursor: KeysetCursor | null, limit: number) {
      return rowsOf<{
        photo_id: string;
        requester_open_id: string;
        requester: string;
        reason: string;
        created_at: Date;
        cursor_at: string;
        hash: string;
        width: number;
        height: number;
        event_id: string;
        event_title: string;
        others: number;
      }>(
        await db.execute(sql`
          select r.photo_id, u.open_id as requester_open_id, u.username as requester, r.reason, r.created_at, r.created_at::text as cursor_at,
                 p.hash, p.width, p.height, e.id as event_id, e.title as event_title,
                 (select count(*)::int from ${eventPhotoRequests} o where o.photo_id = r.photo_id and o.status = 'open' and o.requester_id <> r.requester_id) as others
          from ${eventPhotoRequests} r
          join ${eventPhotos} p on p.id = r.photo_id and p.status = 'visible'
          join ${events} e on e.id = p.event_id
          join ${users} u on u.id = r.requester_id
          where r.poi_id = ${poiId} and r.status = 'open'
            ${cursor ? sql`and (r.created_at, r.photo_id) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql``}
          order by r.created_at, r.photo_id
          limit ${limit + 1}`),
      );
    },

    /** The open request of `requesterOpenId` on the photo, with the photo's uploader and album. */
    async find(poiId: string, photoId: string, requesterOpenId: string) {
      const rows = rowsOf<{ requester_id: string; status: string; photo_status: string; uploader_id: string | null; event_id: string; event_title: string }>(
        await db.execute(sql`
          select r.requester_id, r.status, p.status as photo_status, p.uploader_id, e.id as event_id, e.title as event_title
          from ${eventPhotoRequests} r
          join ${users} u on u.id = r.requester_id and u.open_id = ${requesterOpenId}
          join ${eventPhotos} p on p.id = r.photo_id
          join ${events} e on e.id = p.event_id
          where r.photo_id = ${photoId} and r.poi_id = ${poiId}`),
      );
      return rows[0] ?? null;
    },

    /**
     * Staff remove the photo: hidden (kept ALBUM_REMOVED_KEEP_DAYS for the retention job), every
     * open request on it answered. Answers the requesters told, or null when it was handled already.
     */
    async removePhoto(input: { photoId: string; eventId: string; by: string; note: string; at: Date }): Promise<string[] | null> {
      return db.transaction(async (tx) => {
        const hidden = await tx
          .update(eventPhotos)
          .set({ status: 'removed', removedBy: input.by, removedAt: input.at, removedReason: input.note || null })
          .where(and(eq(eventPhotos.id, input.photoId), eq(eventPhotos.status, 'visible')))
          .returning({ id: eventPhotos.id });
        if (hidden.length === 0) return null;
        await tx.update(events).set({ photoCount: sql`greatest(${events.photoCount} - 1, 0)` }).where(eq(events.id, input.eventId));
        const answered = await tx
          .update(eventPhotoRequests)
          .set({ status: 'removed', handledBy: input.by, handledAt: input.at })
          .where(and(eq(eventPhotoRequests.photoId, input.photoId), eq(eventPhotoRequests.status, 'open')))
          .returning({ requesterId: eventPhotoRequests.requesterId });
        return answered.map((a) => a.requesterId);
      });
    },

    /** Staff keep the photo for this request; false when it was handled already. */
    async keep(input: { photoId: string; requesterId: string; by: string; at: Date }): Promise<boolean> {
      const kept = await db
        .update(eventPhotoRequests)
        .set({ status: 'kept', handledBy: input.by, handledAt: input.at })
        .where(and(eq(eventPhotoRequests.photoId, input.photoId), eq(eventPhotoRequests.requesterId, input.requesterId), eq(eventPhotoRequests.status, 'open')))
        .returning({ photoId: eventPhotoRequests.photoId });
      return kept.length === 1;
    },
  };
}
export type RequestsRepo = ReturnType<typeof createRequestsRepo>;
