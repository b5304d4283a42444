import { EventMsg, type EventAudience } from '@sq/contract/events/event-rules';
import type { EventDetail } from '@sq/contract/events/events';
import { notFound } from '../../lib/errors';
import type { Caller } from '../auth/caller';
import { idOf } from '../board/board-access';
import type { EventAccess } from './event-access';
import type { EventsRepo } from './events-repo';
import type { ListRepo } from './list-repo';
import { cardOf, unixSeconds } from './views';

/**
 * The caller's check-in code for a confirmed sign-up (the check-in module derives it from the
 * event's ticket_key); null until that module is wired in.
 */
export type TicketCodeOf = (e: { eventId: string; signupId: string }) => string | null;

/** /activitydetail: one event as the caller may see it. */
export function createDetailService(deps: { events: EventsRepo; list: ListRepo; access: EventAccess; ticketCodeOf?: TicketCodeOf }) {
  const { events, list, access, ticketCodeOf } = deps;
  return {
    /**
     * An event open to everyone with its link is readable by anyone logged in; others by the
     * community's readers (403 for anyone else). A proposal (pending or turned down) is its
     * proposer's and the staff's only: 404 to everyone else, as if it were not there.
     */
    async get(caller: Caller, id: string): Promise<{ event: EventDetail }> {
      const row = await events.find(idOf(id, EventMsg.notFound));
      if (!row) throw notFound(EventMsg.notFound);
      const audience = row.audience as EventAudience;
      const scope = audience === 'link' ? await access.readerOrNull(caller, row.poiId) : await access.reader(caller, row.poiId);
      const staff = Boolean(scope?.role);
      const proposer = row.createdBy === caller.userId;
      if ((row.status === 'pending' || row.status === 'rejected') && !staff && !proposer) throw notFound(EventMsg.notFound);
      const [[mine], admits] = await Promise.all([list.mineAmong(caller.userId, [row.id]), access.admits(caller, scope, row.poiId, audience)]);
      return {
        event: {
          ...cardOf(row, mine),
          community: row.community,
          description: row.description,
          maxCompanions: row.maxCompanions,
          needsPhone: row.needsPhone,
          cancelUntil: unixSeconds(row.cancelUntil),
          attendeePhotos: row.attendeePhotos,
          spaceId: row.spaceId,
          organiser: { username: row.organiser ?? '', staff: row.byStaff },
          attended: row.attended,
          // Why: to the proposer (and staff) of a turned-down proposal, to everyone of a cancelled event.
          statusNote: row.status === 'cancelled' || row.status === 'rejected' ? row.statusNote : null,
          canManage: staff,
          canSignUp: row.status === 'published' && admits,
          ticket: mine && mine.status === 'confirmed' && ticketCodeOf ? ticketCodeOf({ eventId: row.id, signupId: mine.id }) : null,
          photoCount: row.photoCount,
        },
      };
    },
  };
}
export type DetailService = ReturnType<typeof createDetailService>;
