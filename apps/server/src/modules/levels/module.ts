import { getMyLevel } from '@sq/contract/levels/levels';
import type { Db } from '../../db/client';
import type { RouteKit } from '../../lib/route-kit';
import { createLevelsRepo } from './repo';
import { createLevelsService } from './service';

/** 会员等级 composed: GET the caller's level (awards happen where the deeds are: points.ts). */
export function registerLevels(kit: RouteKit, deps: { db: Db }) {
  const levels = createLevelsService({ repo: createLevelsRepo(deps.db) });
  kit.authed(getMyLevel, ({ caller, query }) => levels.mine(caller, query.cursor));
}
