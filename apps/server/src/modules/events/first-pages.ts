import { EVENT_KINDS, EVENT_WHENS } from '@sq/contract/events/event-rules';
import { BoundedCache } from '../../lib/bounded-cache';
import type { CardRow } from './list-repo';

/** Communities' first pages kept at once (each list tab is ~20 cards, a few KB). */
const PAGES = 5_000 * 4;
/**
 * How long another node's change may take to show on this node's first page: a second, as the
 * board's feed (bench activities: the list's first page is what every resident opens).
 */
export const FIRST_PAGE_AGE_MS = 1_000;

/**
 * The first page of each community's lists (per time tab and kind), the same for every reader
 * but for their own sign-ups, which the service reads per reader. A change on this node forgets
 * the community's pages at once (`changed`); other nodes' changes show within FIRST_PAGE_AGE_MS.
 * One read per page at a time: readers arriving while it runs share it.
 */
export function createEventFirstPages(now: () => Date) {
  const pages = new BoundedCache<string, CardRow[]>(PAGES, FIRST_PAGE_AGE_MS, () => now().getTime());
  const reading = new Map<string, Promise<CardRow[]>>();
  const keyOf = (poiId: string, when: string, kind: string | undefined) => `${poiId}|${when}|${kind ?? ''}`;
  return {
    load(poiId: string, when: string, kind: string | undefined, read: () => Promise<CardRow[]>): Promise<CardRow[]> {
      const key = keyOf(poiId, when, kind);
      const hit = pages.get(key);
      if (hit) return Promise.resolve(hit);
      let flight = reading.get(key);
      if (!flight) {
        flight = (pages.load(key, read) as Promise<CardRow[]>).finally(() => reading.delete(key));
        reading.set(key, flight);
      }
      return flight;
    },
    /** Something of the community's events changed here: its first pages are read again. */
    changed(poiId: string) {
      for (const when of EVENT_WHENS) {
        pages.delete(keyOf(poiId, when, undefined));
        for (const kind of EVENT_KINDS) pages.delete(keyOf(poiId, when, kind));
      }
    },
  };
}
export type EventFirstPages = ReturnType<typeof createEventFirstPages>;
