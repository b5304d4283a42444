import { addDays, beijingDate, startOfBeijingDay } from '@sq/contract/beijing-time';
import { EVENT_KINDS, EVENT_PAGE_SIZE, EventMsg, type EventKind, type EventWhen } from '@sq/contract/events/event-rules';
import type { EventCard } from '@sq/contract/events/events';
import { badRequest } from '../../lib/errors';
import type { Caller } from '../auth/caller';
import { queryTermsOf } from '../board/search-terms';
import { encodeCursor, decodeCursor, type EventCursor, type Phase } from './cursor';
import type { EventAccess } from './event-access';
import type { EventFirstPages } from './first-pages';
import type { CardRow, ListRepo, Match } from './list-repo';
import { cardOf } from './views';

const limit = EVENT_PAGE_SIZE;
const PHASE_OF: Record<EventWhen, Phase> = { upcoming: 'u', week: 'w', past: 'p' };
/** Where the ended phase starts when the upcoming one ran out exactly at a page's end: after every event. */
const PAST_FROM_START: EventCursor = { phase: 'p', keys: [9_999_999_999_999, 9_999_999_999_999], id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' };

const ms = (at: Date) => at.getTime();
const cursorAfter = (phase: Phase, r: CardRow): EventCursor => ({ phase, keys: phase === 'p' ? [ms(r.endsAt), ms(r.startsAt)] : [ms(r.startsAt)], id: r.id });

/** Monday 00:00 to the next Monday 00:00, Beijing time, of the week holding `now`. */
export function beijingWeek(now: Date): { from: Date; to: Date } {
  const today = beijingDate(now);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const monday = addDays(today, -((weekday + 6) % 7));
  return { from: startOfBeijingDay(monday), to: startOfBeijingDay(addDays(monday, 7)) };
}

/** Reading the community's events: the lists (/activitylist), search, the kinds with their counts. */
export function createListService(deps: { list: ListRepo; events: EventAccess; firstPages: EventFirstPages; now: () => Date }) {
  const { list, events, firstPages, now } = deps;

  /** One page of a phase from `limit + 1` rows: the rows and where the next page starts. */
  function pageOf(phase: Phase, rows: CardRow[]) {
    const page = rows.slice(0, limit);
    return { rows: page, next: rows.length > limit ? encodeCursor(cursorAfter(phase, page[page.length - 1]!)) : null };
  }

  function read(phase: Phase, q: { poiId: string; kind?: string; cursor: EventCursor | null; match?: Match }, at: Date) {
    const page = { ...q, now: at, limit: limit + 1 };
    if (phase === 'u') return list.upcoming(page);
    if (phase === 'p') return list.past(page);
    return list.between({ ...page, ...beijingWeek(at) });
  }

  /** The cards with the reader's own sign-ups (one prepared query for the page). */
  async function withMine(caller: Caller, rows: CardRow[]): Promise<EventCard[]> {
    const mine = await list.mineAmong(
      caller.userId,
      rows.map((r) => r.id),
    );
    const byEvent = new Map(mine.map((m) => [m.eventId, m]));
    return rows.map((r) => cardOf(r, byEvent.get(r.id)));
  }

  /** A cursor must belong to the list it is sent to (a week's cursor is no ended list's). */
  function cursorFor(cursor: string | undefined, phases: Phase[]): EventCursor | null {
    const c = decodeCursor(cursor);
    if (c && !phases.includes(c.phase)) throw badRequest(EventMsg.cursor);
    return c;
  }

  return {
    async list(caller: Caller, q: { poiId: string; kind?: EventKind; when: EventWhen; cursor?: string }) {
      const phase = PHASE_OF[q.when];
      const cursor = cursorFor(q.cursor, [phase]);
      let rows: CardRow[];
      if (!cursor) {
        // The reader check and the (mostly cached) first page at once: nothing is answered before the check.
        [, rows] = await Promise.all([events.listReader(caller, q.poiId), firstPages.load(q.poiId, q.when, q.kind, () => read(phase, { poiId: q.poiId, kind: q.kind, cursor: null }, now()))]);
      } else {
        const scope = await events.reader(caller, q.poiId);
        rows = await read(phase, { poiId: scope.poiId, kind: q.kind, cursor }, now());
      }
      const page = pageOf(phase, rows);
      return { events: await withMine(caller, page.rows), next: page.next };
    },

    /**
     * Events whose title, description or place hold the keyword: those still to come (soonest
     * first), then the ended ones (latest first), one cursor across both. No keyword: the upcoming list.
     */
    async search(caller: Caller, q: { poiId: string; keyword: string; kind?: EventKind; cursor?: string }) {
      const scope = await events.reader(caller, q.poiId);
      const cursor = cursorFor(q.cursor, ['u', 'p']);
      const at = now();
      const terms = queryTermsOf(q.keyword);
      // Nothing searchable in it (punctuation only): nothing holds it.
      if (q.keyword && !terms.length) return { events: [], next: null };
      const match = q.keyword ? { terms, keyword: q.keyword } : undefined;
      const base = { poiId: scope.poiId, kind: q.kind, match };
      if (cursor?.phase === 'p') {
        const page = pageOf('p', await read('p', { ...base, cursor }, at));
        return { events: await withMine(caller, page.rows), next: page.next };
      }
      const upcoming = await read('u', { ...base, cursor }, at);
      if (upcoming.length > limit || !match) {
        const page = pageOf('u', upcoming);
        return { events: await withMine(caller, page.rows), next: page.next };
      }
      // The upcoming ran out on this page: the ended ones fill it.
      const room = limit - upcoming.length;
      const past = await read('p', { ...base, cursor: null }, at);
      const rows = [...upcoming, ...past.slice(0, room)];
      const last = rows[rows.length - 1];
      const next = past.length > room ? encodeCursor(room === 0 || !last ? PAST_FROM_START : cursorAfter('p', last)) : null;
      return { events: await withMine(caller, rows), next };
    },

    /** Every kind, with how many of its published events are still to come. */
    async kinds(caller: Caller, poiId: string) {
      const scope = await events.reader(caller, poiId);
      const counts = new Map((await list.upcomingByKind(scope.poiId, now())).map((r) => [r.kind, r.n]));
      return { kinds: EVENT_KINDS.map((kind) => ({ kind, upcoming: counts.get(kind) ?? 0 })) };
    },
  };
}
export type ListService = ReturnType<typeof createListService>;
