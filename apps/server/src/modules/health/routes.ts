import { health } from '@sq/contract/health';
import type { RouteKit } from '../../lib/route-kit';

/** For load balancers (answers only when the database answers), and the clock of /test's self-check. */
export function healthRoutes(kit: RouteKit, ping: () => Promise<'embedded' | 'postgres'>, now: () => Date) {
  kit.open(health, async () => ({ database: await ping(), serverTime: now().getTime() }));
}
