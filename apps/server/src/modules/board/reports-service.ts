import { BoardMsg, REPORTS_PER_HOUR, REPORTS_TO_HOLD, type ReportReason } from '@sq/contract/board/board-rules';
import { badRequest, conflict, notFound, tooManyRequests } from '../../lib/errors';
import type { Caller } from '../auth/caller';
import type { NotificationService } from '../notifications/service';
import { idOf, type BoardAccess } from './board-access';
import type { CommentsRepo } from './comments-repo';
import { excerpt } from './excerpt';
import { noticeOf } from './notice';
import { postLink } from './posts-service';
import type { PostsRepo } from './posts-repo';
import type { ReportsRepo } from './reports-repo';

/** 举报: counted once per person; REPORTS_TO_HOLD people hold the content and its author is told why. */
export function createReportsService(deps: { reports: ReportsRepo; posts: PostsRepo; comments: CommentsRepo; board: BoardAccess; notices: NotificationService; changed: (poiId: string) => void; now: () => Date }) {
  const { reports, posts, comments, board, notices, changed, now } = deps;

  /** The reported content: its community, author and text; 404 when it does not show. */
  async function targetOf(target: 'post' | 'comment', id: string) {
    if (target === 'post') {
      const post = await posts.find(idOf(id, BoardMsg.postNotFound));
      if (!post) throw notFound(BoardMsg.postNotFound);
      return { ...post, postId: post.id };
    }
    const comment = await comments.find(idOf(id, BoardMsg.commentNotFound));
    if (!comment) throw notFound(BoardMsg.commentNotFound);
    return comment;
  }

  return {
    async report(caller: Caller, body: { target: 'post' | 'comment'; id: string; reason: ReportReason; detail: string }) {
      const content = await targetOf(body.target, body.id);
      const scope = await board.member(caller, content.poiId);
      if (content.status !== 'visible') throw notFound(body.target === 'post' ? BoardMsg.postNotFound : BoardMsg.commentNotFound);
      if (content.authorId === caller.userId) throw badRequest(BoardMsg.reportOwn);
      const at = now();
      const result = await reports.report({
        target: body.target,
        targetId: content.id,
        reporterId: caller.userId,
        poiId: scope.poiId,
        reason: body.reason,
        detail: body.detail,
        perHour: REPORTS_PER_HOUR,
        hold: REPORTS_TO_HOLD,
        now: at,
      });
      if (result.outcome === 'limited') throw tooManyRequests(BoardMsg.tooManyReports);
      if (result.outcome === 'again') throw conflict(BoardMsg.alreadyReported);
      if (result.heldNow) {
        changed(scope.poiId);
        await notices.board({
          userId: content.authorId,
          kind: 'boardHeld',
          poiId: scope.poiId,
          what: excerpt(body.target, content.text),
          reason: noticeOf('held', ['reports'], null)!,
          link: postLink(content.postId),
          event: `held:${body.target}:${content.id}:reports:${at.getTime()}`,
        });
      }
      return { reported: true as const };
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
