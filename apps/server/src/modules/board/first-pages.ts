import { BOARD_KINDS } from '@sq/contract/board/board-rules';
import { BoundedCache } from '../../lib/bounded-cache';
import type { CardRow } from './feed-repo';

/** Communities' first pages kept at once: each is ~20 cards, a few KB. */
const COMMUNITIES = 5_000;
/**
 * How long another node's change may take to show on this node's first page. A board may lag a
 * second; the feed's first page is what every resident opens (bench board: one query per request
 * left instead of three, see docs/decisions/board.md).
 */
export const FIRST_PAGE_AGE_MS = 1_000;

export interface FirstPage {
  rows: CardRow[];
  pinned: CardRow[];
}

/**
 * The first page of each community's feed (per kind tab), the same for every reader but for
 * their likes, which the service reads per reader. A change on this node forgets the community's
 * pages at once (`changed`); other nodes' changes show within FIRST_PAGE_AGE_MS.
 */
export function createFirstPages(now: () => Date) {
  const pages = new BoundedCache<string, FirstPage>(COMMUNITIES * (BOARD_KINDS.length + 1), FIRST_PAGE_AGE_MS, () => now().getTime());
  const keyOf = (poiId: string, kind: string | undefined) => `${poiId}|${kind ?? ''}`;
  return {
    load: (poiId: string, kind: string | undefined, read: () => Promise<FirstPage>) => pages.load(keyOf(poiId, kind), read) as Promise<FirstPage>,
    /** Something of the community's board changed here: its first pages are read again. */
    changed(poiId: string) {
      pages.delete(keyOf(poiId, undefined));
      for (const kind of BOARD_KINDS) pages.delete(keyOf(poiId, kind));
    },
  };
}
export type FirstPages = ReturnType<typeof createFirstPages>;
