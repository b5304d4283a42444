import { EVENT_PAGE_SIZE } from '@sq/contract/events/event-rules';
import type { Caller } from '../auth/caller';
import type { MineRepo } from './signups-mine-repo';
import { decodeSignupCursor, encodeSignupCursor } from './signups-cursor';
import { cardOf } from './views';

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
        events: page.map(({ event, community, signup }) => {
          const card = cardOf(event, signup);
          return { ...card, community, mine: card.mine! };
        }),
        next: rows.length > EVENT_PAGE_SIZE && last ? encodeSignupCursor({ at: last.startsAtText, id: last.event.id }, last.past ? 1 : 0) : null,
      };
    },
  };
}
export type MineService = ReturnType<typeof createMineService>;
