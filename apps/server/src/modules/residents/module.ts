import type { Db } from '../../db/client';
import type { PiiCipher } from '../../lib/crypto';
import type { RouteKit } from '../../lib/route-kit';
import type { AccessService } from '../access/service';
import type { AuditRepo } from '../audit/repo';
import { createImportProgress } from './progress';
import { createResidentsRepo } from './repo';
import { residentsRoutes } from './routes';
import { createResidentsService } from './service';

/** 导入住户 composed: repo → service → routes. */
export function registerResidents(kit: RouteKit, deps: { db: Db; access: AccessService; audit: AuditRepo; pii: PiiCipher; now: () => Date }) {
  residentsRoutes(kit, createResidentsService({ repo: createResidentsRepo(deps.db), progress: createImportProgress(), ...deps }));
}
