import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { BoardMsg, COMMENT_MAX_CHARS, CONTENT_STATUSES, MODERATION_REASON_MAX_CHARS, REPORT_REASONS } from './board-rules';
import { ZBoardAuthor, ZCursor, ZId } from './posts';

export const ZComment = /*#__PURE__*/ z.object({
  id: z.string(),
  author: ZBoardAuthor,
  /** The comment's text as shown (masked). */
  text: z.string(),
  /** Replies only: whom it answers (回复 @username). */
  replyToUsername: z.string().nullable(),
  createdAt: z.number().int(),
  mine: z.boolean(),
  /** visible; held or removed: shown to its author only, with `notice`. */
  status: z.enum(CONTENT_STATUSES),
  notice: z.string().nullable(),
});
export type BoardComment = z.output<typeof ZComment>;

/** A top-level comment with its replies (one level: a reply to a reply joins the same thread). */
export const ZCommentThread = /*#__PURE__*/ ZComment.extend({ replies: z.array(ZComment) });

/** A post's comments, oldest first (a conversation reads top-down), threads page by page. */
export const listComments = defineEndpoint({
  method: 'GET',
  path: '/v1/board/posts/:id/comments',
  summary: '帖子的评论（含一层回复）',
  query: z.object({ cursor: ZCursor }),
  data: z.object({ comments: z.array(ZCommentThread), next: z.string().nullable() }),
});

export const createComment = defineEndpoint({
  method: 'POST',
  path: '/v1/board/comments',
  summary: '评论或回复',
  body: z.object({
    postId: ZId(BoardMsg.postNotFound),
    /** The comment answered (a top-level one or a reply in its thread). */
    replyTo: ZId(BoardMsg.replyNotFound).optional(),
    text: z.string({ error: BoardMsg.commentRequired }).trim().min(1, BoardMsg.commentRequired).max(COMMENT_MAX_CHARS, BoardMsg.commentTooLong),
  }),
  data: z.object({ comment: ZComment }),
});

export const deleteComment = defineEndpoint({
  method: 'POST',
  path: '/v1/board/comments/:id/delete',
  summary: '删除自己的评论',
  data: z.object({ deleted: z.literal(true) }),
});

/** 举报: counted once per person; REPORTS_TO_HOLD people hold the content until staff decide. */
export const reportContent = defineEndpoint({
  method: 'POST',
  path: '/v1/board/reports',
  summary: '举报帖子或评论',
  body: z.object({
    target: z.enum(['post', 'comment'], { error: BoardMsg.postNotFound }),
    id: ZId(BoardMsg.postNotFound),
    reason: z.enum(REPORT_REASONS, { error: BoardMsg.reportReason }),
    detail: z.string().trim().max(MODERATION_REASON_MAX_CHARS, BoardMsg.reasonTooLong).default(''),
  }),
  data: z.object({ reported: z.literal(true) }),
});
