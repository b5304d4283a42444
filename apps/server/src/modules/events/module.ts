import type { Db } from '../../db/client';
import type { RouteKit } from '../../lib/route-kit';
import type { AccessService } from '../access/service';
import type { AuditRepo } from '../audit/repo';
import type { ContentChecks } from '../content/checks';
import type { PhotoCookie } from '../images/photo-cookie';
import { createImageUses } from '../images/uses';
import type { NotificationService } from '../notifications/service';
import { createAudienceRepo } from './audience-repo';
import { createDetailService } from './detail-service';
import { createEventAccess } from './event-access';
import { createEventsRepo } from './events-repo';
import { createEventReservations } from '../spaces/reserve';
import { createEventFirstPages } from './first-pages';
import { createListRepo } from './list-repo';
import { createListService } from './list-service';
import { createManageService } from './manage-service';
import { createPromotedNotice } from './promoted-notice';
import { createPublishService } from './publish-service';
import { eventManageRoutes, eventRoutes } from './routes';
import { createSettingsRepo } from './settings-repo';
import { createSettingsService } from './settings-service';
import { createStatsRepo } from './stats-repo';
import { createStatsService } from './stats-service';

/**
 * 社区活动 composed (repos → services → routes), so app.ts registers it with one line. Answers
 * what the other event modules share: `access` (who reads, runs and may join an event) and
 * `changed` (a community's cached first pages are read again, e.g. after a sign-up).
 */
export function registerEvents(
  kit: RouteKit,
  deps: { db: Db; access: AccessService; audit: AuditRepo; notices: NotificationService; checks: ContentChecks; photoCookie: PhotoCookie; now: () => Date },
) {
  const { db, audit, notices, checks, photoCookie, now } = deps;
  const access = createEventAccess({ access: deps.access, audience: createAudienceRepo(db), now });
  const firstPages = createEventFirstPages(now);
  const changed = firstPages.changed;
  const list = createListRepo(db);
  const events = createEventsRepo(db, createImageUses(), createEventReservations(db));
  const settingsRepo = createSettingsRepo(db);
  const settings = createSettingsService({ settings: settingsRepo, access, audit, now });
  eventRoutes(kit, {
    list: createListService({ list, events: access, firstPages, now }),
    detail: createDetailService({ events, list, access }),
    publish: createPublishService({ events, settings: settingsRepo, access, checks, changed, tellPromoted: createPromotedNotice(notices, now), now }),
    settings,
    photoCookie,
  });
  eventManageRoutes(kit, {
    manage: createManageService({ events, access, audit, notices, changed, now }),
    settings,
    stats: createStatsService({ stats: createStatsRepo(db), access, now }),
    photoCookie,
  });
  return { access, changed };
}
