import { BoardMsg, COMMENT_PAGE_SIZE, COMMENTS_PER_HOUR } from '@sq/contract/board/board-rules';
import type { BoardComment } from '@sq/contract/board/comments';
import { forbidden, notFound, tooManyRequests } from '../../lib/errors';
import type { Caller } from '../auth/caller';
import type { NotificationService } from '../notifications/service';
import { idOf, type BoardAccess } from './board-access';
import type { CommentRow, CommentsRepo } from './comments-repo';
import type { ContentChecks } from '../content/checks';
import { decodeCursor, pageOf } from './cursor';
import { excerpt } from './excerpt';
import { asStatus, noticeOf, unixSeconds } from './notice';
import { postLink } from './posts-service';
import type { PostsRepo } from './posts-repo';
import { searchTermsOf } from './search-terms';
import { canSee } from './views';

function commentOf(r: CommentRow, viewerId: string): BoardComment {
  const mine = r.authorId === viewerId;
  return {
    id: r.id,
    author: { openId: r.authorOpenId, username: r.authorName, avatar: r.authorAvatar, staff: r.authorStaff },
    text: r.text,
    replyToUsername: r.replyTo ? r.replyToUsername : null,
    createdAt: unixSeconds(r.createdAt),
    mine,
    status: asStatus(r.status),
    notice: mine ? noticeOf(r.status, r.heldReasons, r.removedReason) : null,
  };
}

/** A post's comments: one level of replies; a reply to a reply joins its thread. */
export function createCommentsService(deps: { comments: CommentsRepo; posts: PostsRepo; board: BoardAccess; checks: ContentChecks; notices: NotificationService; changed: (poiId: string) => void; now: () => Date }) {
  const { comments, posts, board, checks, notices, changed, now } = deps;

  /** The post the caller may read (its community checked from the row), or 404. */
  async function readablePost(caller: Caller, id: string) {
    const post = await posts.find(idOf(id, BoardMsg.postNotFound));
    if (!post) throw notFound(BoardMsg.postNotFound);
    await board.reader(caller, post.poiId);
    if (!canSee(post, caller.userId)) throw notFound(BoardMsg.postNotFound);
    return post;
  }

  return {
    async list(caller: Caller, postId: string, q: { cursor?: string }) {
      const post = await readablePost(caller, postId);
      const cursor = decodeCursor(q.cursor);
      const page = pageOf(await comments.threads(post.id, caller.userId, cursor, COMMENT_PAGE_SIZE + 1), COMMENT_PAGE_SIZE);
      const replies = await comments.replies(
        post.id,
        page.rows.map((r) => r.id),
        caller.userId,
      );
      return {
        comments: page.rows.map((r) => ({
          ...commentOf(r, caller.userId),
          replies: replies.filter((x) => x.replyTo === r.id).map((x) => commentOf(x, caller.userId)),
        })),
        next: page.next,
      };
    },

    async create(caller: Caller, body: { postId: string; replyTo?: string; text: string }) {
      const post = await posts.find(idOf(body.postId, BoardMsg.postNotFound));
      if (!post) throw notFound(BoardMsg.postNotFound);
      const scope = await board.writer(caller, post.poiId);
      if (post.status !== 'visible') throw notFound(BoardMsg.postNotFound);
      let thread: string | null = null;
      let answered: string | null = null;
      if (body.replyTo) {
        const to = await comments.find(idOf(body.replyTo, BoardMsg.replyNotFound));
        if (!to || to.postId !== post.id || to.status !== 'visible') throw notFound(BoardMsg.replyNotFound);
        thread = to.replyTo ?? to.id;
        answered = to.authorId;
      }
      const checked = await checks.check(scope.poiId, body.text, { showPhone: false });
      const status = checked.held ? 'held' : 'visible';
      const at = now();
      const id = await comments.create({
        postId: post.id,
        poiId: scope.poiId,
        authorId: caller.userId,
        replyTo: thread,
        replyToAuthorId: answered,
        text: checked.text,
        searchTerms: searchTermsOf(checked.text),
        status,
        heldReasons: checked.heldReasons,
        perHour: COMMENTS_PER_HOUR,
        now: at,
      });
      if (!id) throw tooManyRequests(BoardMsg.tooManyComments);
      changed(scope.poiId);
      const created = (await comments.one(id))!;
      if (status === 'held') {
        const reason = noticeOf('held', checked.heldReasons, null)!;
        await notices.board({ userId: caller.userId, kind: 'boardHeld', poiId: scope.poiId, what: excerpt('comment', checked.text), reason, link: postLink(post.id), event: `held:comment:${id}` });
      } else if (post.authorId !== caller.userId) {
        const what = excerpt('post', post.text);
        await notices.board({ userId: post.authorId, kind: 'boardCommented', poiId: scope.poiId, what, name: created.authorName, link: postLink(post.id), event: `comment:${id}` });
      }
      return { comment: commentOf(created, caller.userId) };
    },

    async remove(caller: Caller, id: string) {
      const comment = await comments.find(idOf(id, BoardMsg.commentNotFound));
      if (!comment || comment.status === 'deleted') throw notFound(BoardMsg.commentNotFound);
      if (comment.authorId !== caller.userId) {
        await board.reader(caller, comment.poiId);
        throw forbidden(BoardMsg.notCommentAuthor);
      }
      await comments.setStatus(comment.id, { status: 'deleted', hiddenAt: now() });
      changed(comment.poiId);
      return { deleted: true as const };
    },
  };
}
export type CommentsService = ReturnType<typeof createCommentsService>;
