import type { Db } from '../../db/client';
import type { RouteKit } from '../../lib/route-kit';
import type { AuthService } from '../auth/service';
import { createPollsRepo } from './repo';
import { pollsRoutes } from './routes';
import { createPollsService } from './service';

/** Polls composed (repo → service → routes), so app.ts registers them with one line. */
export function registerPolls(kit: RouteKit, deps: { db: Db; auth: AuthService; now: () => Date }) {
  pollsRoutes(kit, deps.auth, createPollsService({ repo: createPollsRepo(deps.db), now: deps.now }));
}
