import { getRetention, saveRetention } from '@sq/contract/manage/retention';
import type { RouteKit } from '../../lib/route-kit';
import type { RetentionService } from './service';

export function retentionRoutes(kit: RouteKit, retention: RetentionService) {
  kit.open(getRetention, ({ query }) => retention.get(query.poiId));
  kit.authed(saveRetention, ({ caller, body }) => retention.save(caller, body));
}
