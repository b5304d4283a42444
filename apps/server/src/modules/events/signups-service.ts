import { beijingDate, startOfBeijingDay } from '@sq/contract/beijing-time';
import { EventMsg, SIGNUPS_PER_DAY, type EventAudience } from '@sq/contract/events/event-rules';
import { badRequest, forbidden, notFound, tooManyRequests } from '../../lib/errors';
import type { PiiCipher } from '../../lib/crypto';
import type { Caller } from '../auth/caller';
import { idOf } from '../board/board-access';
import type { ContentChecks } from '../content/checks';
import type { NotificationService } from '../notifications/service';
import type { EventAccess } from './event-access';
import type { SignupEvent, SignupsRepo } from './signups-repo';
import { createPromotedNotice } from './promoted-notice';
import { ownSignupOf } from './signups-views';

export interface SignUpBody {
  companions: number;
  mobile?: string;
  note: string;
}

/** Why an event takes no sign-ups now (its state, then its window), or null when it does. */
function closedReason(e: SignupEvent, at: Date): string | null {
  if (e.status === 'cancelled') return EventMsg.cancelled;
  if (e.status !== 'published') return EventMsg.notPublished;
  if (e.endsAt <= at) return EventMsg.ended;
  if (at < e.signupOpensAt) return EventMsg.notOpenYet;
  if (at >= e.signupClosesAt) return EventMsg.closed;
  return null;
}

/** 报名 and 取消报名 (issue 34 item 2): places under the event's row lock, the waiting list moving up by itself. */
export function createSignupsService(deps: {
  repo: SignupsRepo;
  access: EventAccess;
  checks: ContentChecks;
  notices: NotificationService;
  pii: PiiCipher;
  /** The community's cached first pages are read again (their counts changed). */
  changed: (poiId: string) => void;
  now: () => Date;
}) {
  const { repo, access, checks, notices, pii, changed, now } = deps;

  /**
   * The event's audience (EVENT_AUDIENCES) takes the caller, by the rule the detail's canSignUp
   * shows (event-access.ts); 403 in the audience's words otherwise.
   */
  async function audience(caller: Caller, event: SignupEvent) {
    const who = event.audience as EventAudience;
    if (await access.admits(caller, await access.readerOrNull(caller, event.poiId), event.poiId, who)) return;
    throw forbidden(who === 'owners' ? EventMsg.notOwner : EventMsg.notResident);
  }

  async function eventOf(id: string) {
    const event = await repo.event(idOf(id, EventMsg.notFound));
    if (!event) throw notFound(EventMsg.notFound);
    return event;
  }

  const tellPromoted = createPromotedNotice(notices, now);

  return {
    tellPromoted,

    async signUp(caller: Caller, id: string, body: SignUpBody) {
      const event = await eventOf(id);
      await audience(caller, event);
      // A repeated tap or a resent request: the sign-up as it stands, whatever the window says now.
      const own = await repo.own(event.id, caller.userId);
      if (own && own.status !== 'cancelled') return { signup: ownSignupOf(own) };
      const at = now();
      const closed = closedReason(event, at);
      if (closed) throw badRequest(closed);
      if (body.companions > event.maxCompanions) throw badRequest(EventMsg.companions);
      // A party that could never fit would hold the waiting list behind it for ever (strict order).
      if (1 + body.companions > event.capacity) throw badRequest(EventMsg.full);
      if (event.needsPhone && !body.mobile) throw badRequest(EventMsg.mobileRequired);
      const note = body.note ? await checks.check(event.poiId, body.note, { showPhone: false }) : null;
      if (note?.held) throw badRequest(EventMsg.noteHeld);
      const result = await repo.signUp(
        {
          eventId: event.id,
          userId: caller.userId,
          companions: body.companions,
          // Only what the event asks for is kept.
          mobileEnc: event.needsPhone && body.mobile ? pii.encrypt(body.mobile) : null,
          note: note?.text ?? '',
          now: at,
          dayStart: startOfBeijingDay(beijingDate(at)),
          perDay: SIGNUPS_PER_DAY,
        },
        (locked) => {
          // Staff may have cancelled it, or capacity changed, since the read above.
          const reason = closedReason(locked, at);
          if (reason) throw badRequest(reason);
        },
      );
      if (result === 'limit') throw tooManyRequests(EventMsg.tooManySignups);
      if (result.created) changed(event.poiId);
      return { signup: ownSignupOf(result.signup) };
    },

    /** Until the event's cut-off; the places go to the waiting list, oldest first, and those moved up are told. */
    async cancel(caller: Caller, id: string) {
      const event = await eventOf(id);
      const own = await repo.own(event.id, caller.userId);
      if (!own || own.status === 'cancelled') {
        // Someone who may not see the event learns nothing more than that.
        await audience(caller, event);
        throw notFound(EventMsg.notSignedUp);
      }
      if (now() >= event.cancelUntil) throw badRequest(EventMsg.cancelClosed);
      const result = await repo.cancel(event.id, caller.userId, now());
      if (!result) throw notFound(EventMsg.notSignedUp);
      changed(event.poiId);
      await tellPromoted(event, result.promoted);
      return { signup: ownSignupOf(result.signup) };
    },
  };
}
export type SignupsService = ReturnType<typeof createSignupsService>;
