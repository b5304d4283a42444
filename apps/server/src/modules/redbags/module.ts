import type { ContentChecks } from '../content/checks';
import type { Db } from '../../db/client';
import type { RouteKit } from '../../lib/route-kit';
import type { AccessService } from '../access/service';
import { createMerchantAccess } from '../merchants/merchant-access';
import type { NotificationService } from '../notifications/service';
import { createRedbagRepo } from './repo';
import { redbagRoutes } from './routes';
import { createRedbagService } from './service';

/** 红包 composed (repo → service → routes), so app.ts registers it with one line. */
export function registerRedbags(kit: RouteKit, deps: { db: Db; access: AccessService; notices: NotificationService; checks: ContentChecks; now: () => Date }) {
  const service = createRedbagService({ repo: createRedbagRepo(deps.db), merchantAccess: createMerchantAccess(deps.db), access: deps.access, notices: deps.notices, checks: deps.checks, now: deps.now });
  redbagRoutes(kit, service);
}
