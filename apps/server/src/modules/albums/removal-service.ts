import { ALBUM_REQUESTS_PAGE_SIZE, AlbumMsg, AlbumNotice, type AlbumDecision } from '@sq/contract/albums/album-rules';
import { WebRoute } from '@sq/contract/routes';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { AccessService } from '../access/service';
import type { AuditRepo } from '../audit/repo';
import type { Caller } from '../auth/caller';
import { idOf } from '../board/board-access';
import { decodeCursor, encodeCursor } from '../board/cursor';
import type { ContentChecks } from '../content/checks';
import type { NotificationService } from '../notifications/service';
import type { AlbumAccess } from './album-access';
import type { PhotosRepo } from './photos-repo';
import type { RequestsRepo } from './requests-repo';
import { imageOf, unixSeconds } from './views';

const albumLink = (eventId: string) => `${WebRoute.albums}?event=${eventId}`;

/**
 * "This photo shows me, please remove it": a person asks once per photo; the community's managers
 * and administrators (as for the board's moderation) see the open requests and remove the photo
 * or keep it; everyone concerned is told (photoRemoval), every decision audited.
 */
export function createRemovalService(deps: {
  photos: PhotosRepo;
  requests: RequestsRepo;
  albums: AlbumAccess;
  access: AccessService;
  audit: AuditRepo;
  checks: ContentChecks;
  notices: NotificationService;
  now: () => Date;
}) {
  const { photos, requests, albums, access, audit, checks, notices, now } = deps;

  async function moderator(caller: Caller, poiId: string) {
    const scope = await access.requireStaff(caller, poiId);
    if (scope.role.kind === 'duty') throw forbidden(AlbumMsg.notStaff);
    return scope;
  }

  return {
    async ask(caller: Caller, id: string, body: { reason: string }) {
      const photo = await photos.photo(idOf(id, AlbumMsg.photoNotFound));
      if (!photo) throw notFound(AlbumMsg.photoNotFound);
      const scope = await albums.reader(caller, photo.poiId);
      if (photo.status !== 'visible') throw notFound(AlbumMsg.photoNotFound);
      if (photo.uploaderId === caller.userId) throw badRequest(AlbumMsg.ownPhoto);
      // Only staff read the reason; a mobile or ID number in it is masked all the same.
      const reason = body.reason ? (await checks.check(scope.poiId, body.reason, { showPhone: false })).text : '';
      const at = now();
      if (!(await requests.ask({ photoId: photo.id, requesterId: caller.userId, poiId: scope.poiId, reason, at }))) throw conflict(AlbumMsg.alreadyAsked);
      const event = await photos.event(photo.eventId);
      const link = `${WebRoute.spaceManage}?poiId=${encodeURIComponent(scope.poiId)}&tab=photos`;
      for (const userId of await requests.moderators(scope.poiId)) {
        await notices.albumsAndSpaces({ userId, kind: 'photoRemoval', poiId: scope.poiId, what: event?.title ?? '', reason: AlbumNotice.asked, link, event: `asked:${photo.id}:${caller.userId}` });
      }
      return { asked: true as const };
    },

    async queue(caller: Caller, query: { poiId: string; cursor?: string }) {
      const scope = await moderator(caller, query.poiId);
      const rows = await requests.open(scope.poiId, decodeCursor(query.cursor), ALBUM_REQUESTS_PAGE_SIZE);
      const page = rows.slice(0, ALBUM_REQUESTS_PAGE_SIZE);
      const last = page[page.length - 1];
      return {
        requests: page.map((r) => ({
          photoId: r.photo_id,
          photo: imageOf(scope.poiId, r),
          eventId: r.event_id,
          eventTitle: r.event_title,
          requester: r.requester,
          requesterOpenId: r.requester_open_id,
          reason: r.reason,
          createdAt: unixSeconds(new Date(r.created_at)),
          others: r.others,
        })),
        next: rows.length > ALBUM_REQUESTS_PAGE_SIZE && last ? encodeCursor({ at: last.cursor_at, id: last.photo_id }) : null,
      };
    },

    async decide(caller: Caller, body: { poiId: string; photoId: string; requester: string; decision: AlbumDecision; note: string }) {
      const scope = await moderator(caller, body.poiId);
      const found = await requests.find(scope.poiId, idOf(body.photoId, AlbumMsg.photoNotFound), body.requester);
      if (!found) throw notFound(AlbumMsg.photoNotFound);
      if (found.status !== 'open' || found.photo_status !== 'visible') throw conflict(AlbumMsg.handled);
      const at = now();
      const link = albumLink(found.event_id);
      const tell = (userId: string, reason: string) =>
        notices.albumsAndSpaces({ userId, kind: 'photoRemoval', poiId: scope.poiId, what: found.event_title, reason, link, event: `decided:${body.photoId}:${userId}` });
      if (body.decision === 'keep') {
        if (!(await requests.keep({ photoId: body.photoId, requesterId: found.requester_id, by: caller.userId, at }))) throw conflict(AlbumMsg.handled);
        await audit.record({ actorId: caller.userId, action: 'album.request.keep', poiId: scope.poiId, subjectId: body.photoId, detail: { note: body.note } });
        await tell(found.requester_id, AlbumNotice.kept);
        return { decision: 'keep' as const };
      }
      const answered = await requests.removePhoto({ photoId: body.photoId, eventId: found.event_id, by: caller.userId, note: body.note, at });
      if (!answered) throw conflict(AlbumMsg.handled);
      await audit.record({ actorId: caller.userId, action: 'album.photo.remove', poiId: scope.poiId, subjectId: body.photoId, rows: 1, detail: { note: body.note, requests: answered.length } });
      for (const userId of answered) await tell(userId, AlbumNotice.removedForRequester);
      if (found.uploader_id && !answered.includes(found.uploader_id)) await tell(found.uploader_id, AlbumNotice.removedForUploader);
      return { decision: 'remove' as const };
    },

    /** A moderator removes a photo nobody asked about; the uploader reads why, open requests are answered. */
    async removeByStaff(caller: Caller, id: string, body: { note: string }) {
      const photo = await photos.photo(idOf(id, AlbumMsg.photoNotFound));
      if (!photo) throw notFound(AlbumMsg.photoNotFound);
      const scope = await moderator(caller, photo.poiId);
      if (photo.status !== 'visible') throw notFound(AlbumMsg.photoNotFound);
      // The uploader reads the reason: a mobile or ID number in it is masked as everywhere.
      const note = (await checks.check(scope.poiId, body.note, { showPhone: false })).text;
      const answered = await requests.removePhoto({ photoId: photo.id, eventId: photo.eventId, by: caller.userId, note, at: now() });
      if (!answered) throw notFound(AlbumMsg.photoNotFound);
      await audit.record({ actorId: caller.userId, action: 'album.photo.remove', poiId: scope.poiId, subjectId: photo.id, rows: 1, detail: { note, requests: answered.length } });
      const event = await photos.event(photo.eventId);
      const tell = (userId: string, reason: string) =>
        notices.albumsAndSpaces({ userId, kind: 'photoRemoval', poiId: scope.poiId, what: event?.title ?? '', reason, link: albumLink(photo.eventId), event: `decided:${photo.id}:${userId}` });
      for (const userId of answered) await tell(userId, AlbumNotice.removedForRequester);
      if (photo.uploaderId && photo.uploaderId !== caller.userId && !answered.includes(photo.uploaderId)) await tell(photo.uploaderId, `${AlbumNotice.removedByStaff}${note}`);
      return { removed: true as const };
    },
  };
}
export type RemovalService = ReturnType<typeof createRemovalService>;
