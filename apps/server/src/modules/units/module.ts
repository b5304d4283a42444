import type { Db } from '../../db/client';
import type { PiiCipher } from '../../lib/crypto';
import type { RouteKit } from '../../lib/route-kit';
import type { AccessService } from '../access/service';
import type { AuditRepo } from '../audit/repo';
import { createUnitsRepo } from './repo';
import { unitsRoutes } from './routes';
import { createUnitsService } from './service';

/** The unit register (房屋登记) composed: repo → service → routes. */
export function registerUnits(kit: RouteKit, deps: { db: Db; access: AccessService; audit: AuditRepo; pii: PiiCipher }) {
  unitsRoutes(kit, createUnitsService({ db: deps.db, repo: createUnitsRepo(deps.db), access: deps.access, audit: deps.audit, pii: deps.pii }));
}
