import { checkIn, checkInByCode, doorCheckIn, getCheckinKit, getDoorCode, sendOfflineCheckins } from '@sq/contract/events/checkin';
import type { FastifyRequest } from 'fastify';
import type { RouteKit } from '../../lib/route-kit';
import type { DoorService } from './checkin-door-service';
import type { CheckinService } from './checkin-service';

const eventIdOf = (req: FastifyRequest) => (req.params as Record<string, string>).id ?? '';

/** Check-in at the door: staff's scans (online and offline), the offline list, the door QR and its scan. */
export function checkinRoutes(kit: RouteKit, s: { checkins: CheckinService; door: DoorService; publicOrigin?: string }) {
  kit.authed(checkIn, ({ caller, body, req }) => s.checkins.scan(caller, eventIdOf(req), body.code));
  kit.authed(checkInByCode, ({ caller, body }) => s.checkins.scanOwn(caller, body.code));
  kit.authed(sendOfflineCheckins, ({ caller, body, req }) => s.checkins.offline(caller, eventIdOf(req), body.scans));
  kit.authed(getCheckinKit, ({ caller, req }) => s.checkins.kit(caller, eventIdOf(req)));
  kit.authed(getDoorCode, ({ caller, req }) => s.door.code(caller, eventIdOf(req), s.publicOrigin ?? `${req.protocol}://${req.host}`));
  kit.authed(doorCheckIn, ({ caller, body, req }) => s.door.checkIn(caller, eventIdOf(req), body.door));
}
