import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { MSG_END_TIME_INVALID, MSG_END_TIME_REQUIRED } from './poll-rules';

export const OWNERS_REASON_MAX = 200;
export const MSG_REASON_REQUIRED = '请填写理由（将告知全体业主）';
export const MSG_REASON_TOO_LONG = `理由最多${OWNERS_REASON_MAX}个字`;
export const MSG_ALREADY_EXTENDED = '本表决已延期过一次，不能再次延期';
export const MSG_EXTEND_NOT_LATER = '新的截止时间需晚于原截止时间';
export const MSG_VOTE_CANCELLED = '本表决已取消';
export const MSG_VOTE_OVER = '表决已截止，不能再延期或取消';
export const MSG_PROCEDURE_NOT_ALLOWED = '只有社区管理员或管理人员可以延期或取消业主表决';

const ZReason = z.string({ error: MSG_REASON_REQUIRED }).trim().min(2, MSG_REASON_REQUIRED).max(OWNERS_REASON_MAX, MSG_REASON_TOO_LONG);

/** 延期 (issue 37): once, with a reason, to a later deadline in Beijing time; audited. */
export const extendOwnersVote = defineEndpoint({
  method: 'POST',
  path: '/v1/polls/:id/extend',
  summary: '业主表决延期（仅一次，须说明理由）',
  body: z.object({
    end_time: z.string({ error: MSG_END_TIME_REQUIRED }).trim().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, MSG_END_TIME_INVALID),
    reason: ZReason,
  }),
  data: z.object({ end_time: z.number().int() }),
});
export const extendOwnersVoteCall = callOf<typeof extendOwnersVote>('POST', '/v1/polls/:id/extend');

/** 取消 (issue 37): before the deadline, with a reason; no ballot is taken after it; audited. */
export const cancelOwnersVote = defineEndpoint({
  method: 'POST',
  path: '/v1/polls/:id/cancel',
  summary: '取消业主表决（须说明理由）',
  body: z.object({ reason: ZReason }),
  data: z.object({ cancelled: z.boolean() }),
});
export const cancelOwnersVoteCall = callOf<typeof cancelOwnersVote>('POST', '/v1/polls/:id/cancel');
