import { EVENT_PAGE_SIZE, type EventAudience, type EventKind, type EventStatus } from '@sq/contract/events/event-rules';
import type { Caller } from '../auth/caller';
import { imagesOf } from '../board/views';
import type { MineRepo } from './signups-mine-repo';
import { decodeSignupCursor, encodeSignupCursor } from './signups-cursor';
import { mySignupOf, seconds } from './signups-views';

/** 我的活动 (issue 34 item 2): the caller's events in every community, those to come first. */
export function createMineService(deps: { repo: MineRepo; now: () => Date }) {
  const { repo, now } = deps;
  return {
    async list(caller: Caller, query: { cursor?: string }) {
      const c = decodeSignupCursor(query.cursor);
      const rows = await repo.page(caller.userId, now(), c && { past: c.section === 1, at: c.at, id: c.id }, EVENT_PAGE_SIZE + 1);
      const page = rows.slice(0, EVENT_PAGE_SIZE);
      const last = page[page.length - 1];
      return {
        events: page.map(({ event: e, community, signup }) => ({
          id: e.id,
          poiId: e.poiId,
          kind: e.kind as EventKind,
          title: e.title,
          cover: e.cover ? imagesOf(e.poiId, [e.cover])[0]! : null,
          place: e.place,
          startsAt: seconds(e.startsAt),
          endsAt: seconds(e.endsAt),
          signupOpensAt: seconds(e.signupOpensAt),
          signupClosesAt: seconds(e.signupClosesAt),
          capacity: e.capacity,
          confirmed: e.confirmedSeats,
          waiting: e.waitingCount,
          feeFen: e.feeFen,
          audience: e.audience as EventAudience,
          status: e.status as EventStatus,
          community,
          mine: mySignupOf(signup),
        })),
        next: rows.length > EVENT_PAGE_SIZE && last ? encodeSignupCursor({ at: last.startsAtText, id: last.event.id }, last.past ? 1 : 0) : null,
      };
    },
  };
}
export type MineService = ReturnType<typeof createMineService>;
