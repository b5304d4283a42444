import { ALBUM_PAGE_SIZE, ALBUM_PHOTOS_PER_PERSON, ALBUMS_PAGE_SIZE, AlbumMsg } from '@sq/contract/albums/album-rules';
import type { Db } from '../../db/client';
import { inTurn } from '../../db/in-turn';
import { conflict, forbidden, notFound } from '../../lib/errors';
import type { Caller } from '../auth/caller';
import { idOf } from '../board/board-access';
import { decodeCursor, encodeCursor, pageOf } from '../board/cursor';
import type { AlbumAccess } from './album-access';
import type { PhotosRepo } from './photos-repo';
import { imageOf, photoOf, unixSeconds } from './views';

/** /albums: the community's albums, one album's pages, adding photos and the uploader's delete. */
export function createAlbumsService(deps: { db: Db; photos: PhotosRepo; albums: AlbumAccess; now: () => Date }) {
  const { db, photos, albums, now } = deps;

  return {
    async list(caller: Caller, query: { poiId: string; cursor?: string }) {
      const scope = await albums.reader(caller, query.poiId);
      const rows = await photos.albums(scope.poiId, decodeCursor(query.cursor), ALBUMS_PAGE_SIZE);
      const page = rows.slice(0, ALBUMS_PAGE_SIZE);
      const last = page[page.length - 1];
      return {
        albums: page.map((r) => ({ eventId: r.id, title: r.title, startsAt: unixSeconds(new Date(r.starts_at)), cover: imageOf(scope.poiId, r), count: r.photo_count })),
        next: rows.length > ALBUMS_PAGE_SIZE && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null,
      };
    },

    async get(caller: Caller, id: string, query: { cursor?: string }) {
      const { event, scope } = await albums.event(caller, id);
      const rows = await photos.page(event.id, caller.userId, decodeCursor(query.cursor), ALBUM_PAGE_SIZE);
      const page = pageOf(rows, ALBUM_PAGE_SIZE);
      const why = await albums.whyNot(caller, event, scope);
      const left = why ? 0 : Math.max(0, ALBUM_PHOTOS_PER_PERSON - (await photos.countOf(db, event.id, caller.userId)));
      return {
        event: { id: event.id, poiId: event.poiId, title: event.title, startsAt: unixSeconds(event.startsAt), endsAt: unixSeconds(event.endsAt), count: event.photoCount },
        photos: page.rows.map((p) => photoOf(event.poiId, p, caller.userId)),
        next: page.next,
        canAdd: why === null,
        why,
        left,
        canModerate: scope?.role?.kind === 'administrator' || scope?.role?.kind === 'manager',
      };
    },

    /** Counted in the person's turn, so parallel requests never pass ALBUM_PHOTOS_PER_PERSON together. */
    async add(caller: Caller, id: string, body: { images: string[] }) {
      const { event, scope } = await albums.event(caller, id);
      await albums.adder(caller, event, scope);
      const hashes = [...new Set(body.images)];
      const at = now();
      const { rows, left } = await inTurn(db, [['album-photos', `${event.id} ${caller.userId}`]], async (tx) => {
        const had = await photos.countOf(tx, event.id, caller.userId);
        if (had + hashes.length > ALBUM_PHOTOS_PER_PERSON) throw conflict(AlbumMsg.tooMany);
        const added = await photos.add(tx, { event, uploaderId: caller.userId, hashes, missing: AlbumMsg.imageNotFound, at });
        return { rows: added, left: ALBUM_PHOTOS_PER_PERSON - had - added.length };
      });
      return { photos: rows.reverse().map((p) => photoOf(event.poiId, p, caller.userId)), left };
    },

    /** The uploader's own photo, gone at once; anyone else is checked against the community first. */
    async remove(caller: Caller, id: string) {
      const photo = await photos.photo(idOf(id, AlbumMsg.photoNotFound));
      if (!photo) throw notFound(AlbumMsg.photoNotFound);
      if (photo.uploaderId !== caller.userId) {
        await albums.reader(caller, photo.poiId);
        if (photo.status !== 'visible') throw notFound(AlbumMsg.photoNotFound);
        throw forbidden(AlbumMsg.notUploader);
      }
      await photos.remove(photo);
      return { deleted: true as const };
    },
  };
}
export type AlbumsService = ReturnType<typeof createAlbumsService>;
