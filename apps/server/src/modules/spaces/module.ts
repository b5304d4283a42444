import type { Db } from '../../db/client';
import type { PiiCipher } from '../../lib/crypto';
import type { RouteKit } from '../../lib/route-kit';
import type { AccessService } from '../access/service';
import type { AuditRepo } from '../audit/repo';
import type { ContentChecks } from '../content/checks';
import type { NotificationService } from '../notifications/service';
import { createBookingsRepo } from './bookings-repo';
import { createSpacesManageService } from './manage-service';
import { spacesRoutes } from './routes';
import { createSpacesRepo } from './spaces-repo';
import { createSpacesService } from './spaces-service';

/** 场地预约 composed (repos → services → routes), so app.ts registers it with one line. */
export function registerSpaces(
  kit: RouteKit,
  deps: { db: Db; access: AccessService; audit: AuditRepo; notices: NotificationService; checks: ContentChecks; pii: PiiCipher; now: () => Date },
) {
  const { db, access, audit, notices, checks, pii, now } = deps;
  const spaces = createSpacesRepo(db);
  const bookings = createBookingsRepo(db);
  spacesRoutes(kit, {
    spaces: createSpacesService({ db, spaces, bookings, access, checks, now }),
    manage: createSpacesManageService({ spaces, bookings, access, audit, checks, notices, pii, now }),
  });
}
