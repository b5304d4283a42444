import { BOARD_PAGE_SIZE, BoardMsg, type BoardKind } from '@sq/contract/board/board-rules';
import { notFound } from '../../lib/errors';
import type { Caller } from '../auth/caller';
import { idOf, type BoardAccess } from './board-access';
import { decodeCursor, pageOf } from './cursor';
import type { CardRow, FeedRepo } from './feed-repo';
import type { FirstPages } from './first-pages';
import { queryTermsOf } from './search-terms';
import { canSee, cardOf } from './views';

/** Reading the board: the feed with its pinned posts, search, one person's posts, one post. */
/** Nobody's id: cached pages are read for no one in particular (`liked` is filled in per reader). */
const NOBODY = '00000000-0000-0000-0000-000000000000';

export function createFeedService(deps: { feed: FeedRepo; board: BoardAccess; firstPages: FirstPages; now: () => Date }) {
  const { feed, board, firstPages, now } = deps;
  const limit = BOARD_PAGE_SIZE;

  /** The first page from the shared cache, with the reader's own likes. */
  async function firstPage(poiId: string, kind: BoardKind | undefined, viewerId: string) {
    const page = await firstPages.load(poiId, kind, async () => {
      const at = now();
      const [rows, pinned] = await Promise.all([
        feed.feed({ poiId, kind, viewerId: NOBODY, cursor: null, limit: limit + 1, now: at }),
        feed.pinned({ poiId, kind, viewerId: NOBODY, now: at }),
      ]);
      return { rows, pinned };
    });
    const liked = await feed.likedAmong(viewerId, [...page.rows, ...page.pinned].map((r) => r.id));
    const withLikes = (rows: CardRow[]) => rows.map((r) => ({ ...r, liked: liked.has(r.id) }));
    return { rows: withLikes(page.rows), pinned: withLikes(page.pinned) };
  }

  return {
    async list(caller: Caller, q: { poiId: string; kind?: BoardKind; cursor?: string }) {
      const scope = await board.reader(caller, q.poiId);
      const cursor = decodeCursor(q.cursor);
      const at = now();
      const { rows, pinned } = cursor
        ? { rows: await feed.feed({ poiId: scope.poiId, kind: q.kind, viewerId: caller.userId, cursor, limit: limit + 1, now: at }), pinned: [] }
        : await firstPage(scope.poiId, q.kind, caller.userId);
      const page = pageOf(rows, limit);
      return {
        posts: page.rows.map((r) => cardOf(r, caller.userId, at)),
        next: page.next,
        pinned: pinned.map((r) => cardOf(r, caller.userId, at)),
      };
    },

    async search(caller: Caller, q: { poiId: string; keyword: string; kind?: BoardKind; cursor?: string }) {
      const scope = await board.reader(caller, q.poiId);
      const cursor = decodeCursor(q.cursor);
      const terms = queryTermsOf(q.keyword);
      // Nothing searchable in it (punctuation only): nothing holds it.
      if (q.keyword && !terms.length) return { posts: [], next: null };
      const rows = await feed.search({ poiId: scope.poiId, kind: q.kind, terms, keyword: q.keyword, viewerId: caller.userId, cursor, limit: limit + 1 });
      const page = pageOf(rows, limit);
      return { posts: page.rows.map((r) => cardOf(r, caller.userId, now())), next: page.next };
    },

    /** /stick/wwear/{openId}: their posts here; their own view lists what is held or removed too. */
    async ofPerson(caller: Caller, openId: string, q: { poiId: string; cursor?: string }) {
      const scope = await board.reader(caller, q.poiId);
      const cursor = decodeCursor(q.cursor);
      const person = await feed.personByOpenId(openId);
      if (!person) throw notFound(BoardMsg.personNotFound);
      const [rows, staff] = await Promise.all([
        feed.byAuthor({ poiId: scope.poiId, authorId: person.id, hidden: person.id === caller.userId, viewerId: caller.userId, cursor, limit: limit + 1 }),
        feed.isStaff(person.id, scope.poiId),
      ]);
      const page = pageOf(rows, limit);
      return {
        posts: page.rows.map((r) => cardOf(r, caller.userId, now())),
        next: page.next,
        author: { openId: person.openId, username: person.username, avatar: person.avatar, staff },
      };
    },

    /** One post: its community is read from the row, then the caller is checked against it. */
    async get(caller: Caller, id: string) {
      const row = await feed.card(idOf(id, BoardMsg.postNotFound), caller.userId);
      if (!row) throw notFound(BoardMsg.postNotFound);
      await board.reader(caller, row.poiId);
      if (!canSee(row, caller.userId)) throw notFound(BoardMsg.postNotFound);
      return { post: { ...cardOf(row, caller.userId, now()), poiId: row.poiId, showPhone: row.showPhone } };
    },
  };
}
export type FeedService = ReturnType<typeof createFeedService>;
