import type { EndpointData } from '@sq/contract/endpoint';
import type { checkIn, getCheckinKit, sendOfflineCheckins } from '@sq/contract/events/checkin';
import { checkinOpenAt, eventSecretDigest, parseEventCode } from '@sq/contract/events/event-code';
import { EventMsg, type CheckinVia } from '@sq/contract/events/event-rules';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import type { AccessService } from '../access/service';
import { tellLevel } from '../levels/tell-level';
import type { NotificationService } from '../notifications/service';
import type { Caller } from '../auth/caller';
import { ticketSecretOf, ticketSecretValid } from './checkin-codes';
import type { CheckinEvent, CheckinRepo, CheckinSignup } from './checkin-repo';

type Verdict = EndpointData<typeof checkIn>;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** An offline scan's time further ahead of the server's clock than this is not believed (the scanner corrects its clock by the kit's). */
const FUTURE_SLACK_MS = 60_000;

/**
 * Staff check people in at the door (issue 34 item 3): a sign-up's code scanned online, or from
 * the offline list and sent later. The server has the last word on every scan; a repeat is green
 * and counted once.
 */
export function createCheckinService({ repo, access, notices, now }: { repo: CheckinRepo; access: AccessService; notices: Pick<NotificationService, 'levelReached'>; now: () => Date }) {
  const inWindow = (event: CheckinEvent, at: Date) => checkinOpenAt(seconds(event.startsAt), seconds(event.endsAt), at.getTime());

  /** The event, for staff of its community: 404 unknown, 403 anyone else. */
  async function staffEvent(caller: Caller, eventId: string) {
    const event = await repo.event(eventId);
    if (!event) throw notFound(EventMsg.notFound);
    if (!(await access.roleIn(caller, event.poiId))) throw forbidden(EventMsg.notStaff);
    return event;
  }

  /** Only a published event runs a door. */
  function runnable(event: CheckinEvent) {
    if (event.status === 'cancelled') throw badRequest(EventMsg.cancelled);
    if (event.status !== 'published') throw badRequest(EventMsg.notPublished);
  }

  /** The sign-up a code names, when the code is genuine (made with its event's key). */
  async function signupOfCode(code: string): Promise<{ signup: CheckinSignup; event: CheckinEvent }> {
    const parsed = parseEventCode(code);
    if (!parsed) throw badRequest(EventMsg.notTicket);
    const signup = await repo.signup(parsed.signupId);
    const event = signup && (await repo.event(signup.eventId));
    if (!signup || !event || !ticketSecretValid(event.ticketKey, signup.id, parsed.secret)) throw badRequest(EventMsg.ticketUnknown);
    return { signup, event };
  }

  const verdictOf = (signup: CheckinSignup, checkedInAt: Date, via: CheckinVia, repeat: boolean, attended: number): Verdict => ({
    signupId: signup.id,
    name: signup.name,
    companions: signup.companions,
    repeat,
    checkedInAt: seconds(checkedInAt),
    via,
    attended,
  });

  /** Checks a sign-up in (once) and tells the person when the points it earned took them to a new level. */
  async function record(eventId: string, signupId: string, by: string | null, via: CheckinVia, at: Date) {
    const done = await repo.checkIn(eventId, signupId, by, via, at);
    if (done.award) await tellLevel(notices, done.award);
    return done;
  }

  /** One code at this event's door, at `at` (now, or an offline scan's time). */
  async function admit(caller: Caller, event: CheckinEvent, code: string, via: CheckinVia, at: Date): Promise<Verdict> {
    runnable(event);
    if (!inWindow(event, at)) throw badRequest(EventMsg.checkinNotOpen);
    const { signup, event: its } = await signupOfCode(code);
    if (its.id !== event.id) throw badRequest(its.poiId === event.poiId ? EventMsg.otherEvent : EventMsg.otherCommunity);
    if (signup.checkedInAt) return verdictOf(signup, signup.checkedInAt, (signup.via ?? via) as CheckinVia, true, (await repo.event(event.id))!.attended);
    refuseUnconfirmed(signup);
    const done = await record(event.id, signup.id, caller.userId, via, at);
    if (done.checkedIn) return verdictOf(signup, at, via, false, done.attended);
    // Changed between the read and the write: checked in by another scanner, or cancelled.
    const now = (await repo.signup(signup.id))!;
    if (now.checkedInAt) return verdictOf(now, now.checkedInAt, now.via as CheckinVia, true, done.attended);
    refuseUnconfirmed(now);
    throw badRequest(EventMsg.ticketUnknown);
  }

  return {
    async scan(caller: Caller, eventId: string, code: string) {
      return admit(caller, await staffEvent(caller, eventId), code, 'scan', now());
    },

    /** A code opened by a staff phone's camera (/activityticket): checked in at its own event, when the caller is its staff. */
    async scanOwn(caller: Caller, code: string) {
      const { event } = await signupOfCode(code);
      if (!(await access.roleIn(caller, event.poiId))) throw forbidden(EventMsg.notStaff);
      return { ...(await admit(caller, event, code, 'scan', now())), eventId: event.id, title: event.title };
    },

    /**
     * Scans made with no network, checked again one by one. The scan's time is kept when it is
     * plausible (inside the check-in window, not ahead of the server's clock); else the time it
     * arrived, when that is inside the window.
     */
    async offline(caller: Caller, eventId: string, scans: { code: string; at: number }[]): Promise<EndpointData<typeof sendOfflineCheckins>> {
      const event = await staffEvent(caller, eventId);
      const results: { code: string; ok: boolean; message: string | null }[] = [];
      for (const scan of scans) {
        const arrived = now();
        const told = new Date(scan.at);
        const at = told.getTime() <= arrived.getTime() + FUTURE_SLACK_MS && inWindow(event, told) ? told : arrived;
        try {
          await admit(caller, event, scan.code, 'offline', at);
          results.push({ code: scan.code, ok: true, message: null });
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          results.push({ code: scan.code, ok: false, message: e.message });
        }
      }
      return { results, attended: (await repo.event(event.id))!.attended };
    },

    /** The offline list: digests of the confirmed sign-ups' secrets, never the key or the secrets. */
    async kit(caller: Caller, eventId: string): Promise<EndpointData<typeof getCheckinKit>> {
      const event = await staffEvent(caller, eventId);
      runnable(event);
      const rows = await repo.confirmed(event.id);
      return {
        eventId: event.id,
        poiId: event.poiId,
        title: event.title,
        startsAt: seconds(event.startsAt),
        endsAt: seconds(event.endsAt),
        serverTime: now().getTime(),
        attended: event.attended,
        tickets: rows.map((s) => ({
          signupId: s.id,
          digest: eventSecretDigest(ticketSecretOf(event.ticketKey, s.id)),
          name: s.name,
          companions: s.companions,
          checkedInAt: s.checkedInAt ? seconds(s.checkedInAt) : null,
        })),
      };
    },

    staffEvent,
    runnable,
    inWindow,
    record,
  };
}
export type CheckinService = ReturnType<typeof createCheckinService>;

/** A sign-up that holds no place: cancelled, or still waiting. */
export function refuseUnconfirmed(signup: Pick<CheckinSignup, 'status'>) {
  if (signup.status === 'cancelled') throw badRequest(EventMsg.ticketCancelled);
  if (signup.status === 'waiting') throw badRequest(EventMsg.ticketWaiting);
  if (signup.status !== 'confirmed') throw badRequest(EventMsg.ticketUnknown);
}
