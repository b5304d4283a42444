import { EventMsg, type EventStatus } from '@sq/contract/events/event-rules';
import { WebRoute } from '@sq/contract/routes';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { AuditRepo } from '../audit/repo';
import type { Caller } from '../auth/caller';
import { idOf } from '../board/board-access';
import type { NotificationService } from '../notifications/service';
import type { EventAccess } from './event-access';
import type { EventsRepo } from './events-repo';
import { cardOf, unixSeconds } from './views';

export const eventLink = (id: string) => `${WebRoute.eventDetail}?id=${id}`;

/** What staff do to events: call one off, review residents' proposals. Each is audited. */
export function createManageService(deps: { events: EventsRepo; access: EventAccess; audit: AuditRepo; notices: NotificationService; changed: (poiId: string) => void; now: () => Date }) {
  const { events, access, audit, notices, changed, now } = deps;

  /** The event and the caller as its community's staff (404 before 403: an unknown id says nothing of its community). */
  async function staffEvent(caller: Caller, id: string) {
    const event = await events.find(idOf(id, EventMsg.notFound));
    if (!event) throw notFound(EventMsg.notFound);
    const scope = await access.staff(caller, event.poiId);
    return { event, scope };
  }

  return {
    /** Every sign-up is cancelled and its person told, with the reason. */
    async cancel(caller: Caller, id: string, reason: string) {
      const { event } = await staffEvent(caller, id);
      if (event.status === 'cancelled') throw badRequest(EventMsg.cancelled);
      if (event.status !== 'published') throw badRequest(EventMsg.notPublished);
      const at = now();
      if (at >= event.endsAt) throw badRequest(EventMsg.ended);
      const done = await events.cancel(event.id, reason, at);
      if (!done) throw badRequest(EventMsg.cancelled);
      changed(event.poiId);
      await audit.record({ actorId: caller.userId, action: 'events.cancel', poiId: event.poiId, subjectId: event.id, rows: done.userIds.length, detail: { reason } });
      for (const userId of done.userIds) {
        await notices.event({ userId, kind: 'eventCancelled', poiId: event.poiId, what: event.title, startsAt: event.startsAt, reason, link: eventLink(event.id), event: `cancel:${event.id}:${userId}` });
      }
      return { status: 'cancelled' as const, told: done.userIds.length };
    },

    /** Residents' proposals waiting, oldest first. */
    async proposals(caller: Caller, poiId: string) {
      const scope = await access.staff(caller, poiId);
      const rows = await events.pending(scope.poiId);
      return { events: rows.map((r) => ({ ...cardOf(r, undefined), proposer: r.proposer, createdAt: unixSeconds(r.createdAt) })) };
    },

    /** Published, or turned down with a reason its proposer reads. One whose start has passed cannot be published. */
    async review(caller: Caller, body: { id: string; approve: boolean; reason?: string }): Promise<{ status: EventStatus }> {
      const { event } = await staffEvent(caller, body.id);
      if (event.status !== 'pending') throw conflict(EventMsg.notPending);
      if (!body.approve && !body.reason) throw badRequest(EventMsg.reasonRequired);
      const at = now();
      if (body.approve && at >= event.startsAt) throw badRequest(EventMsg.startPast);
      const reason = body.approve ? null : body.reason!;
      if (!(await events.review(event.id, { approve: body.approve, reason, reviewerId: caller.userId, now: at }))) throw conflict(EventMsg.notPending);
      changed(event.poiId);
      await audit.record({ actorId: caller.userId, action: 'events.review', poiId: event.poiId, subjectId: event.id, detail: { approve: body.approve, ...(reason ? { reason } : {}) } });
      if (event.createdBy) {
        await notices.event({
          userId: event.createdBy,
          kind: 'eventReviewed',
          poiId: event.poiId,
          what: event.title,
          reason: reason ?? undefined,
          link: eventLink(event.id),
          event: `review:${event.id}`,
        });
      }
      return { status: body.approve ? 'published' : 'rejected' };
    },
  };
}
export type ManageService = ReturnType<typeof createManageService>;
