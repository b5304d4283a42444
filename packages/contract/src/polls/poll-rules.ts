import { addBeijingMonths } from '../beijing-time';

/**
 * Poll rules both the server and the web form enforce (spec §5 "Poll creation", §9), each limit
 * with its reason, and the Chinese messages in the spec's order.
 */

/** Spec §9: a poll with one option is not a choice. */
export const POLL_MIN_OPTIONS = 2;
/** More options than fit two phone screens cannot be read and compared before voting. */
export const POLL_MAX_OPTIONS = 20;
/** Fits two lines on a 375 px phone and in a host app's list or notification. */
export const POLL_TITLE_MAX = 50;
/** A description, not an article: the options and the vote button stay within a scroll or two. */
export const POLL_INFO_MAX = 500;
/** An option must fit beside its radio button in two lines at most. */
export const POLL_OPTION_TITLE_MAX = 50;
/** Polls on one page of /chiocelist and /vote: a few screens, fetched as the list is scrolled. */
export const POLL_LIST_PAGE_SIZE = 20;
/** Spec §5/§9: the deadline window runs from now to six months ahead. */
export const POLL_DEADLINE_MONTHS = 6;

/** Spec §3: type 0 single choice, 1 multiple choice. */
export const PollType = { single: 0, multiple: 1 } as const;
export type PollType = (typeof PollType)[keyof typeof PollType];
/** Spec §4: /svote?title=创建单选投票 creates a single-choice poll, any other title a multiple one. */
export const CREATE_SINGLE_TITLE = '创建单选投票';
export const CREATE_MULTIPLE_TITLE = '创建多选投票';

// Spec §5 order: option names, deadline, option count. The title comes first because it is
// the first field of the form.
export const MSG_POLL_TITLE_REQUIRED = '请输入投票标题';
export const MSG_POLL_TITLE_TOO_LONG = `投票标题最多${POLL_TITLE_MAX}个字`;
export const MSG_POLL_INFO_TOO_LONG = `投票描述最多${POLL_INFO_MAX}个字`;
export const MSG_OPTION_NAME_REQUIRED = '请输入选项名';
export const MSG_OPTION_NAME_TOO_LONG = `选项名最多${POLL_OPTION_TITLE_MAX}个字`;
export const MSG_OPTION_NAME_DUPLICATE = '选项名不能重复';
export const MSG_END_TIME_REQUIRED = '请选择截止时间';
export const MSG_END_TIME_INVALID = '截止时间格式不正确';
export const MSG_END_TIME_PAST = '截止时间需晚于当前时间';
export const MSG_END_TIME_TOO_FAR = `截止时间不能超过${POLL_DEADLINE_MONTHS}个月`;
export const MSG_MIN_OPTIONS = `最少有${POLL_MIN_OPTIONS}个选项`;
export const MSG_MAX_OPTIONS = `最多${POLL_MAX_OPTIONS}个选项`;
export const MSG_POLL_TYPE = '请选择投票类型';

export const MSG_POLL_NOT_FOUND = '投票不存在';
export const MSG_CHOOSE_OPTION = '请选择投票选项';
export const MSG_SINGLE_CHOICE_ONLY = '单选投票只能选择一项';
export const MSG_OPTION_NOT_IN_POLL = '选项不存在';
export const MSG_POLL_EXPIRED = '投票已过期';
export const MSG_ALREADY_VOTED = '你已投票';
export const MSG_LOGIN_TO_VOTE = '请登录后参与投票';
export const MSG_RESULTS_HIDDEN = '结果将在投票截止后公布';
export const MSG_RECEIPT_INVALID = '请输入正确的回执码';
export const MSG_EXPORT_NOT_ALLOWED = '只有发起人或社区管理人员可以导出结果';

/** Spec §4: votes ÷ total votes × 100, integer part (66.7 shows as 66). */
export function votePercent(votes: number, total: number): number {
  return total > 0 ? Math.floor((votes * 100) / total) : 0;
}

/**
 * Why a deadline cannot be used, or null: it must lie after `now` and at most six months
 * (Beijing calendar months) ahead. The server checks against its own clock.
 */
export function deadlineProblem(end: Date, now: Date): string | null {
  if (end.getTime() <= now.getTime()) return MSG_END_TIME_PAST;
  if (end.getTime() > addBeijingMonths(now, POLL_DEADLINE_MONTHS).getTime()) return MSG_END_TIME_TOO_FAR;
  return null;
}
