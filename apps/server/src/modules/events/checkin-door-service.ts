import type { EndpointData } from '@sq/contract/endpoint';
import type { doorCheckIn, getDoorCode } from '@sq/contract/events/checkin';
import { EventMsg } from '@sq/contract/events/event-rules';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import type { Caller } from '../auth/caller';
import { doorCodeAt, doorCodeValid, doorUrl } from './checkin-codes';
import type { CheckinRepo } from './checkin-repo';
import { refuseUnconfirmed, type CheckinService } from './checkin-service';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * The door QR (issue 34 item 3, the other way round): staff show a code that changes every half
 * minute, signed-up people scan it with their own phone and are checked in. A photo of it sent
 * home stops working within a minute and a half.
 */
export function createDoorService({ repo, checkins, now }: { repo: CheckinRepo; checkins: CheckinService; now: () => Date }) {
  return {
    /** The door QR's address now, for staff of the event's community, while check-in is open. */
    async code(caller: Caller, eventId: string, origin: string): Promise<EndpointData<typeof getDoorCode>> {
      const event = await checkins.staffEvent(caller, eventId);
      checkins.runnable(event);
      const at = now();
      if (!checkins.inWindow(event, at)) throw badRequest(EventMsg.checkinNotOpen);
      const { code, validUntil } = doorCodeAt(event.ticketKey, event.id, at);
      return { url: doorUrl(origin, event.id, code), validUntil, attended: event.attended };
    },

    /** The caller's confirmed sign-up checked in (once) with a current door code. */
    async checkIn(caller: Caller, eventId: string, door: string): Promise<EndpointData<typeof doorCheckIn>> {
      const event = await repo.event(eventId);
      if (!event) throw notFound(EventMsg.notFound);
      checkins.runnable(event);
      const signup = await repo.signupOf(event.id, caller.userId);
      // Not signed up (people of other communities included): 403, as every endpoint refuses them.
      if (!signup || signup.status === 'cancelled') throw forbidden(EventMsg.notSignedUp);
      const at = now();
      if (!signup.checkedInAt) {
        refuseUnconfirmed(signup);
        if (!checkins.inWindow(event, at)) throw badRequest(EventMsg.checkinNotOpen);
        if (!doorCodeValid(event.ticketKey, event.id, door, at)) throw badRequest(EventMsg.doorCode);
        await checkins.record(event.id, signup.id, caller.userId, 'door', at);
      }
      const fresh = (await repo.signupOf(event.id, caller.userId))!;
      refuseUnconfirmed(fresh);
      return {
        signup: { id: fresh.id, status: 'confirmed', companions: fresh.companions, waitingPosition: null, checkedInAt: fresh.checkedInAt ? seconds(fresh.checkedInAt) : null },
      };
    },
  };
}
export type DoorService = ReturnType<typeof createDoorService>;
