import { startOfBeijingDay, beijingDate } from '@sq/contract/beijing-time';
import { EVENT_PROPOSALS_PER_DAY, EventMsg, type EventStatus } from '@sq/contract/events/event-rules';
import type { ZEventBody } from '@sq/contract/events/events';
import type { z } from 'zod';
import { badRequest, forbidden, notFound, tooManyRequests } from '../../lib/errors';
import type { ReaderScope } from '../access/service';
import type { Caller } from '../auth/caller';
import { idOf } from '../board/board-access';
import { searchTermsOf } from '../board/search-terms';
import type { ContentChecks } from '../content/checks';
import type { EventAccess } from './event-access';
import type { EventFields, EventsRepo } from './events-repo';
import type { TellPromoted } from './promoted-notice';
import type { SettingsRepo } from './settings-repo';
import { checkTimes } from './times';

type Body = z.output<typeof ZEventBody>;

/** Publishing (staff), proposing (residents, where the community allows it) and editing events. */
export function createPublishService(deps: {
  events: EventsRepo;
  settings: SettingsRepo;
  access: EventAccess;
  checks: ContentChecks;
  changed: (poiId: string) => void;
  tellPromoted: TellPromoted;
  now: () => Date;
}) {
  const { events, settings, access, checks, changed, tellPromoted, now } = deps;

  /**
   * The form's texts through the community's content checks (docs/decisions/events.md "Texts"):
   * personal numbers masked (staff's phone numbers stay: an office's contact line); a keyword of
   * the community's list refuses staff's text with the words (they can change it at once), while a
   * resident's proposal waits for review anyway. Links are no reason to hold an event's text.
   */
  async function textsOf(poiId: string, body: Body, byStaff: boolean) {
    const [title, description, place] = await Promise.all([body.title, body.description, body.place].map((text) => checks.check(poiId, text, { showPhone: byStaff })));
    const words = [...new Set([title!, description!, place!].flatMap((v) => v.keywords))];
    if (byStaff && words.length) throw badRequest(EventMsg.bannedWords(words));
    return { title: title!.text, description: description!.text, place: place!.text };
  }

  /** Everything a publish or edit stores, checked: times together, the space, the texts. */
  async function fieldsOf(scope: ReaderScope, body: Body, opened?: Date): Promise<EventFields> {
    const times = checkTimes(body, now(), opened);
    if (body.spaceId && !(await events.spaceIn(scope.poiId, body.spaceId))) throw badRequest(EventMsg.space);
    const texts = await textsOf(scope.poiId, body, scope.role !== null);
    return {
      ...times,
      ...texts,
      kind: body.kind,
      spaceId: body.spaceId,
      capacity: body.capacity,
      maxCompanions: body.maxCompanions,
      audience: body.audience,
      needsPhone: body.needsPhone,
      feeFen: body.feeFen || null,
      attendeePhotos: body.attendeePhotos,
      searchTerms: searchTermsOf(`${texts.title} ${texts.description} ${texts.place}`),
    };
  }

  return {
    /** Staff publish at once; a resident's proposal waits for staff (pending), at most EVENT_PROPOSALS_PER_DAY a day. */
    async create(caller: Caller, body: Body & { poiId: string }): Promise<{ id: string; status: EventStatus }> {
      const scope = await access.reader(caller, body.poiId);
      const staff = scope.role !== null;
      if (!staff) {
        if (!scope.member) throw forbidden(EventMsg.notMember);
        if (!(await settings.of(scope.poiId)).residentsPropose) throw forbidden(EventMsg.proposalsOff);
      }
      const fields = await fieldsOf(scope, body);
      const at = now();
      const status: EventStatus = staff ? 'published' : 'pending';
      const id = await events.create({
        ...fields,
        poiId: scope.poiId,
        createdBy: caller.userId,
        byStaff: staff,
        status,
        cover: body.cover,
        now: at,
        missing: EventMsg.cover,
        perDay: staff ? undefined : { limit: EVENT_PROPOSALS_PER_DAY, dayStart: startOfBeijingDay(beijingDate(at)) },
      });
      if (!id) throw tooManyRequests(EventMsg.tooManyProposals);
      changed(scope.poiId);
      return { id, status };
    },

    /** Staff's edit, or the proposer's while pending: the whole event again, never once it started. */
    async edit(caller: Caller, id: string, body: Body): Promise<{ id: string; status: EventStatus }> {
      const event = await events.find(idOf(id, EventMsg.notFound));
      if (!event) throw notFound(EventMsg.notFound);
      const scope = await access.reader(caller, event.poiId);
      const proposal = event.status === 'pending' || event.status === 'rejected';
      const own = event.createdBy === caller.userId;
      if (!scope.role && !(own && proposal)) {
        // Someone else's proposal is not there for them (as its detail says).
        if (proposal) throw notFound(EventMsg.notFound);
        throw forbidden(EventMsg.notStaff);
      }
      if (event.status === 'cancelled') throw badRequest(EventMsg.cancelled);
      if (event.status === 'rejected') throw badRequest(EventMsg.notPending);
      if (now() >= event.startsAt) throw badRequest(EventMsg.noChangeAfterStart);
      if (body.capacity < event.confirmedSeats) throw badRequest(EventMsg.capacityBelowConfirmed);
      const fields = await fieldsOf(scope, body, event.signupOpensAt);
      const done = await events.edit(event.id, { ...fields, poiId: event.poiId, editorId: caller.userId, cover: body.cover, now: now(), missing: EventMsg.cover });
      // Sign-ups taken between the check above and the row lock: the capacity is checked again there.
      if (!done) throw badRequest(EventMsg.capacityBelowConfirmed);
      changed(event.poiId);
      await tellPromoted({ id: event.id, poiId: event.poiId, title: fields.title, startsAt: fields.startsAt }, done.promoted);
      return { id: event.id, status: event.status as EventStatus };
    },
  };
}
export type PublishService = ReturnType<typeof createPublishService>;
