import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZPoiId } from '../poi-id';
import { BoardMsg, MODERATION_REASON_MAX_CHARS, MUTE_MAX_DAYS, REPORT_REASONS } from './board-rules';
import { ZCursor, ZId } from './posts';

const ZReason = z.string({ error: BoardMsg.reason }).trim().min(1, BoardMsg.reason).max(MODERATION_REASON_MAX_CHARS, BoardMsg.reasonTooLong);

/**
 * What staff see of an author: the screen name and, because the law puts a real person behind
 * every screen name, the masked mobile (the whole one is never needed to moderate).
 */
export const ZModeratedAuthor = /*#__PURE__*/ z.object({
  openId: z.string(),
  username: z.string(),
  mobile: z.string(),
  /** Unix seconds until which they are muted here, or null. */
  mutedUntil: z.number().int().nullable(),
});

export const ZQueueItem = /*#__PURE__*/ z.object({
  target: z.enum(['post', 'comment']),
  id: z.string(),
  /** The post itself, or the post a comment belongs to. */
  postId: z.string(),
  kind: z.string().nullable(),
  text: z.string(),
  images: z.array(z.object({ url: z.string(), thumbUrl: z.string() })),
  author: ZModeratedAuthor,
  status: z.enum(['visible', 'held', 'removed', 'deleted']),
  /** 'keyword', 'link', 'reports'. */
  heldReasons: z.array(z.string()),
  /** A removed item's reason, as its author reads it (null otherwise). */
  removedReason: z.string().nullable().optional(),
  /** The keywords it matched, for staff only. */
  keywords: z.array(z.string()),
  reports: z.array(z.object({ reason: z.enum(REPORT_REASONS), detail: z.string(), count: z.number().int() })),
  createdAt: z.number().int(),
});

/**
 * 邻里圈管理: held content and content with open reports, oldest first (the longest waiting).
 * `status=removed` lists what was taken down (kept hidden for its legal period).
 */
export const listModerationQueue = defineEndpoint({
  method: 'GET',
  path: '/v1/manage/board/queue',
  summary: '邻里圈待处理（待审核、被举报、已删除）',
  query: z.object({ poiId: ZPoiId, status: z.enum(['pending', 'removed']).default('pending'), cursor: ZCursor }),
  data: z.object({ items: z.array(ZQueueItem), next: z.string().nullable(), pending: z.number().int() }),
});

/** Approve (shows it, closes its reports) or remove (hides it; the author reads the reason). */
export const moderateContent = defineEndpoint({
  method: 'POST',
  path: '/v1/manage/board/moderate',
  summary: '审核通过或删除帖子、评论',
  body: z.discriminatedUnion(
    'action',
    [
      z.object({ poiId: ZPoiId, target: z.enum(['post', 'comment']), id: ZId(BoardMsg.postNotFound), action: z.literal('approve') }),
      z.object({ poiId: ZPoiId, target: z.enum(['post', 'comment']), id: ZId(BoardMsg.postNotFound), action: z.literal('remove'), reason: ZReason }),
    ],
    { error: BoardMsg.reason },
  ),
  data: z.object({ status: z.enum(['visible', 'held', 'removed', 'deleted']) }),
});

/** 置顶 until the end of a Beijing day (YYYY-MM-DD), or unpinned with `until: null`. */
export const pinPost = defineEndpoint({
  method: 'POST',
  path: '/v1/manage/board/pin',
  summary: '置顶或取消置顶',
  body: z.object({
    poiId: ZPoiId,
    id: ZId(BoardMsg.postNotFound),
    until: z.string({ error: BoardMsg.pinUntil }).regex(/^\d{4}-\d{2}-\d{2}$/, BoardMsg.pinUntil).nullable(),
  }),
  data: z.object({ pinnedUntil: z.number().int().nullable() }),
});

/**
 * 标为有用: staff mark a post useful to the community, once (issue 35 item 4): its author earns
 * member points for it (postUseful). Marking it again answers the first time; one's own post is refused.
 */
export const markPostUseful = defineEndpoint({
  method: 'POST',
  path: '/v1/manage/board/useful',
  summary: '标为有用帖子',
  body: z.object({ poiId: ZPoiId, id: ZId(BoardMsg.postNotFound) }),
  data: z.object({ usefulAt: z.number().int() }),
});

/**
 * 禁言: the person may read but not post or comment here for `days`; `days: 0` lifts it. One
 * object with a rule rather than a union on `days`: zod cannot tell a union apart by a number.
 */
export const mutePerson = defineEndpoint({
  method: 'POST',
  path: '/v1/manage/board/mute',
  summary: '禁言或解除禁言',
  body: z
    .object({
      poiId: ZPoiId,
      openId: z.string({ error: BoardMsg.personNotFound }).min(1, BoardMsg.personNotFound).max(64, BoardMsg.personNotFound),
      days: z.number({ error: BoardMsg.muteDays }).int(BoardMsg.muteDays).min(0, BoardMsg.muteDays).max(MUTE_MAX_DAYS, BoardMsg.muteDays),
      /** Required for a mute (the person reads it); ignored when lifting. */
      reason: ZReason.optional(),
    })
    .superRefine((b, ctx) => {
      if (b.days > 0 && !b.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: BoardMsg.reason });
    }),
  data: z.object({ mutedUntil: z.number().int().nullable() }),
});

export const listMutes = defineEndpoint({
  method: 'GET',
  path: '/v1/manage/board/mutes',
  summary: '被禁言的人',
  query: z.object({ poiId: ZPoiId }),
  data: z.object({ mutes: z.array(ZModeratedAuthor.extend({ reason: z.string(), mutedAt: z.number().int() })) }),
});

/** Every staff action on the board (审核、删除、置顶、禁言、关键词、规则), newest first. */
export const listModerationActions = defineEndpoint({
  method: 'GET',
  path: '/v1/manage/board/actions',
  summary: '邻里圈管理操作记录',
  query: z.object({ poiId: ZPoiId, cursor: ZCursor }),
  data: z.object({
    actions: z.array(
      z.object({
        action: z.string(),
        /** What it was, in Chinese (审核通过, 删除帖子 …). */
        label: z.string(),
        by: z.string(),
        target: z.string().nullable(),
        reason: z.string().nullable(),
        createdAt: z.number().int(),
      }),
    ),
    next: z.string().nullable(),
  }),
});
