import type { Db } from '../../db/client';
import type { RouteKit } from '../../lib/route-kit';
import type { AccessService } from '../access/service';
import type { AuditRepo } from '../audit/repo';
import type { ContentChecks } from '../content/checks';
import type { PhotoCookie } from '../images/photo-cookie';
import { createImageUses } from '../images/uses';
import type { NotificationService } from '../notifications/service';
import { createAlbumAccess } from './album-access';
import { createAlbumsService } from './albums-service';
import { createPhotosRepo } from './photos-repo';
import { createRemovalService } from './removal-service';
import { createRequestsRepo } from './requests-repo';
import { albumsRoutes } from './routes';

/** 社区相册 composed (repos → services → routes), so app.ts registers it with one line. */
export function registerAlbums(
  kit: RouteKit,
  deps: { db: Db; access: AccessService; audit: AuditRepo; notices: NotificationService; checks: ContentChecks; photoCookie: PhotoCookie; now: () => Date },
) {
  const { db, access, audit, notices, checks, photoCookie, now } = deps;
  const photos = createPhotosRepo(db, createImageUses());
  const albums = createAlbumAccess({ access, photos, now });
  albumsRoutes(kit, {
    albums: createAlbumsService({ db, photos, albums, now }),
    removal: createRemovalService({ photos, requests: createRequestsRepo(db), albums, access, audit, checks, notices, now }),
    photoCookie,
  });
}
