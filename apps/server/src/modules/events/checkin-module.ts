import type { Db } from '../../db/client';
import type { RouteKit } from '../../lib/route-kit';
import type { AccessService } from '../access/service';
import type { NotificationService } from '../notifications/service';
import { createDoorService } from './checkin-door-service';
import { createCheckinRepo } from './checkin-repo';
import { checkinRoutes } from './checkin-routes';
import { createCheckinService } from './checkin-service';

/** Check-in at the door composed (repo → services → routes), so app.ts registers it with one line. */
export function registerCheckin(kit: RouteKit, deps: { db: Db; access: AccessService; notices: NotificationService; now: () => Date; publicOrigin?: string }) {
  const repo = createCheckinRepo(deps.db);
  const checkins = createCheckinService({ repo, access: deps.access, notices: deps.notices, now: deps.now });
  const door = createDoorService({ repo, checkins, now: deps.now });
  checkinRoutes(kit, { checkins, door, publicOrigin: deps.publicOrigin });
}
