import { BoardMsg, POSTS_PER_HOUR, STAFF_ONLY_KINDS, type BoardKind } from '@sq/contract/board/board-rules';
import type { PostBody } from '@sq/contract/board/posts';
import { WebRoute } from '@sq/contract/routes';
import { badRequest, forbidden, notFound, tooManyRequests } from '../../lib/errors';
import type { ReaderScope } from '../access/service';
import type { Caller } from '../auth/caller';
import type { NotificationService } from '../notifications/service';
import { idOf, type BoardAccess } from './board-access';
import type { ContentChecks } from '../content/checks';
import { excerpt } from './excerpt';
import type { WriteGateRepo } from './gate-repo';
import { asStatus, noticeOf } from './notice';
import type { PostFields, PostsRepo } from './posts-repo';
import { searchTermsOf } from './search-terms';

type Body = { kind: BoardKind; text: string; images: string[]; priceFen?: number | null; showPhone: boolean } & Omit<PostBody, 'kind' | 'text' | 'images' | 'priceFen' | 'showPhone'>;

export const postLink = (id: string) => `${WebRoute.boardPost}?id=${id}`;

/** Writing posts: /tpush, the author's edit, delete and 已售出, and likes. */
export function createPostsService(deps: { posts: PostsRepo; gate: WriteGateRepo; board: BoardAccess; checks: ContentChecks; notices: NotificationService; changed: (poiId: string) => void; now: () => Date }) {
  const { posts, gate, board, checks, notices, changed, now } = deps;

  /** The kind's and the price's rules, then the text's checks: what is stored and shown. */
  async function fieldsOf(scope: ReaderScope, body: Body, keepHeld: string[]): Promise<PostFields> {
    if (STAFF_ONLY_KINDS.includes(body.kind) && !scope.role) throw forbidden(BoardMsg.noticeStaffOnly);
    const priceFen = body.priceFen ?? null;
    if (priceFen !== null && body.kind !== 'sale') throw badRequest(BoardMsg.priceOnlySale);
    const checked = await checks.check(scope.poiId, body.text, { showPhone: body.showPhone });
    const heldReasons = [...new Set([...keepHeld, ...checked.heldReasons])];
    return {
      kind: body.kind,
      text: checked.text,
      searchTerms: searchTermsOf(checked.text),
      priceFen,
      showPhone: body.showPhone,
      status: heldReasons.length ? 'held' : 'visible',
      heldReasons,
    };
  }

  /** The author is told in 消息 why their post waits (and sees it on the post). */
  async function toldHeld(userId: string, poiId: string, id: string, f: PostFields, event: string) {
    if (f.status !== 'held') return;
    await notices.board({ userId, kind: 'boardHeld', poiId, what: excerpt('post', f.text), reason: noticeOf('held', f.heldReasons, null)!, link: postLink(id), event });
  }

  /** The post as its author may change it: 404 when gone or taken down, 403 for anyone else. */
  async function ownPost(caller: Caller, id: string) {
    const post = await posts.find(idOf(id, BoardMsg.postNotFound));
    if (!post || post.status === 'deleted') throw notFound(BoardMsg.postNotFound);
    return post;
  }

  return {
    async create(caller: Caller, body: Body & { poiId: string }) {
      const scope = await board.writer(caller, body.poiId);
      if (!(await gate.accepted(scope.poiId, caller.userId))) throw forbidden(BoardMsg.rulesFirst);
      const fields = await fieldsOf(scope, body, []);
      const at = now();
      const id = await posts.create({ ...fields, poiId: scope.poiId, authorId: caller.userId, hashes: body.images, missing: BoardMsg.imageNotFound, perHour: POSTS_PER_HOUR, now: at });
      if (!id) throw tooManyRequests(BoardMsg.tooManyPosts);
      changed(scope.poiId);
      await toldHeld(caller.userId, scope.poiId, id, fields, `held:post:${id}:${at.getTime()}`);
      return { id, status: asStatus(fields.status), notice: noticeOf(fields.status, fields.heldReasons, null) };
    },

    /** Checked again as new; a post held by reports stays held until staff decide. */
    async edit(caller: Caller, id: string, body: Body) {
      const post = await ownPost(caller, id);
      const scope = await board.writer(caller, post.poiId);
      if (post.authorId !== caller.userId) throw forbidden(BoardMsg.notAuthor);
      // A removed post stays removed: an edit is no way around staff's decision.
      if (post.status === 'removed') throw notFound(BoardMsg.postNotFound);
      const keep = post.status === 'held' && post.heldReasons.includes('reports') ? ['reports'] : [];
      const fields = await fieldsOf(scope, body, keep);
      const at = now();
      await posts.edit(post.id, { ...fields, poiId: scope.poiId, authorId: caller.userId, hashes: body.images, missing: BoardMsg.imageNotFound, now: at });
      changed(scope.poiId);
      if (post.status !== 'held') await toldHeld(caller.userId, scope.poiId, post.id, fields, `held:post:${post.id}:${at.getTime()}`);
      return { id: post.id, status: asStatus(fields.status), notice: noticeOf(fields.status, fields.heldReasons, null) };
    },

    /**
     * The author deletes their own post wherever they live now (their right to delete); anyone
     * else is checked against the post's community first (403), then told it is not theirs.
     */
    async remove(caller: Caller, id: string) {
      const post = await ownPost(caller, id);
      if (post.authorId !== caller.userId) {
        await board.reader(caller, post.poiId);
        throw forbidden(BoardMsg.notAuthor);
      }
      await posts.markDeleted(post.id, now());
      changed(post.poiId);
      return { deleted: true as const };
    },

    async markSold(caller: Caller, id: string, sold: boolean) {
      const post = await ownPost(caller, id);
      await board.reader(caller, post.poiId);
      if (post.authorId !== caller.userId) throw forbidden(BoardMsg.notAuthor);
      if (post.kind !== 'sale') throw badRequest(BoardMsg.priceOnlySale);
      await posts.setSold(post.id, sold);
      changed(post.poiId);
      return { sold };
    },

    async like(caller: Caller, id: string, liked: boolean) {
      const post = await posts.find(idOf(id, BoardMsg.postNotFound));
      if (!post) throw notFound(BoardMsg.postNotFound);
      await board.member(caller, post.poiId);
      if (post.status !== 'visible') throw notFound(BoardMsg.postNotFound);
      const likes = await posts.like(post.id, caller.userId, liked, now());
      changed(post.poiId);
      return { liked, likes };
    },
  };
}
export type PostsService = ReturnType<typeof createPostsService>;
