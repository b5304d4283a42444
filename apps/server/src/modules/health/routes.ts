import { health } from '@sq/contract/health';
import type { RouteKit } from '../../lib/route-kit';

/** For load balancers: answers only when the database answers. */
export function healthRoutes(kit: RouteKit, ping: () => Promise<'embedded' | 'postgres'>) {
  kit.open(health, async () => ({ database: await ping() }));
}
