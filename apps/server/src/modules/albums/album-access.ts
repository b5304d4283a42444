import { beijingDate } from '@sq/contract/beijing-time';
import { AlbumMsg } from '@sq/contract/albums/album-rules';
import { forbidden, notFound } from '../../lib/errors';
import type { AccessService, ReaderScope } from '../access/service';
import type { Caller } from '../auth/caller';
import { idOf } from '../board/board-access';
import type { AlbumEvent, PhotosRepo } from './photos-repo';

/**
 * Who reads an album and who adds to it (docs/decisions/albums-and-spaces.md "Who"): readers of
 * the event's community read; after the start, its staff add, and – where the event allows it –
 * people with a confirmed or checked-in sign-up who are members of the community.
 */
export function createAlbumAccess(deps: { access: AccessService; photos: PhotosRepo; now: () => Date }) {
  const { access, photos, now } = deps;

  const reader = (caller: Caller, poiId: string): Promise<ReaderScope> => access.requireReader(caller, poiId, beijingDate(now()), AlbumMsg.notJoined);

  return {
    reader,

    /** The published event of a path's id, its community checked first (403 before 404 of a draft). */
    async event(caller: Caller, id: string): Promise<{ event: AlbumEvent; scope: ReaderScope }> {
      const event = await photos.event(idOf(id, AlbumMsg.notFound));
      if (!event) throw notFound(AlbumMsg.notFound);
      const scope = await reader(caller, event.poiId);
      if (event.status !== 'published') throw notFound(AlbumMsg.notFound);
      return { event, scope };
    },

    /** Null when the caller may add photos now, else why not (the album shows it instead of the button). */
    async whyNot(caller: Caller, event: AlbumEvent, scope: ReaderScope): Promise<string | null> {
      if (event.startsAt > now()) return AlbumMsg.notStarted;
      if (scope.role) return null;
      if (!event.attendeePhotos) return AlbumMsg.attendeesOff;
      if (!scope.member || !(await photos.attended(event.id, caller.userId))) return AlbumMsg.notAllowed;
      return null;
    },

    /** 403 with whyNot's words. */
    async adder(caller: Caller, event: AlbumEvent, scope: ReaderScope): Promise<void> {
      const why = await this.whyNot(caller, event, scope);
      if (why) throw forbidden(why);
    },
  };
}
export type AlbumAccess = ReturnType<typeof createAlbumAccess>;
