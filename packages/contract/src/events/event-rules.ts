/**
 * 社区活动 (community events, issue 34): kinds, who may join, limits and the messages people read.
 * Free of zod so that the event pages' first load (which shares these) carries no schema library.
 */

/** The kinds an event is filed under (docs/decisions/events.md "Kinds"). */
export const EVENT_KINDS = ['culture', 'family', 'volunteer', 'health', 'lecture', 'festival', 'other'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
export const EVENT_KIND_NAMES: Record<EventKind, string> = {
  culture: '文体',
  family: '亲子',
  volunteer: '志愿',
  health: '健康',
  lecture: '讲座',
  festival: '节日',
  other: '其他',
};

/**
 * Who may sign up. `residents`: anyone who belongs to the community (an approved pass, a home in
 * its register, or staff); `owners`: a home in its register (or staff); `link`: anyone logged in
 * who has the event's link (a neighbouring community's children at a painting class).
 */
export const EVENT_AUDIENCES = ['residents', 'owners', 'link'] as const;
export type EventAudience = (typeof EVENT_AUDIENCES)[number];
export const EVENT_AUDIENCE_NAMES: Record<EventAudience, string> = { residents: '本社区居民', owners: '本社区业主', link: '持链接的所有人' };

/**
 * Where an event stands. `pending`: proposed by a resident, waiting for staff; `published`: shown
 * and open by its sign-up window; `rejected`: a proposal staff turned down (its author reads why);
 * `cancelled`: called off by staff (everyone signed up is told).
 */
export const EVENT_STATUSES = ['pending', 'published', 'rejected', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
export const EVENT_STATUS_NAMES: Record<EventStatus, string> = { pending: '待审核', published: '已发布', rejected: '未通过', cancelled: '已取消' };

/** The lists' time filters (issue 34 item 1): from now on, this Beijing week (Monday–Sunday), ended. */
export const EVENT_WHENS = ['upcoming', 'week', 'past'] as const;
export type EventWhen = (typeof EVENT_WHENS)[number];
export const EVENT_WHEN_NAMES: Record<EventWhen, string> = { upcoming: '即将开始', week: '本周', past: '已结束' };

/**
 * A sign-up's state. `confirmed`: has places; `waiting`: on the waiting list, moved up by itself
 * (oldest first) when places free up; `cancelled`: by the person, or by staff cancelling the event.
 */
export const SIGNUP_STATUSES = ['confirmed', 'waiting', 'cancelled'] as const;
export type SignupStatus = (typeof SIGNUP_STATUSES)[number];
export const SIGNUP_STATUS_NAMES: Record<SignupStatus, string> = { confirmed: '已报名', waiting: '候补中', cancelled: '已取消' };

/** How a person was checked in: scanned by staff (online or from the offline list), at the door QR, or added by staff at the door. */
export const CHECKIN_VIAS = ['scan', 'offline', 'door', 'walkIn'] as const;
export type CheckinVia = (typeof CHECKIN_VIAS)[number];

export const EVENT_TITLE_MAX_CHARS = 40;
export const EVENT_DESCRIPTION_MAX_CHARS = 3000;
export const EVENT_PLACE_MAX_CHARS = 60;
/** Places (people, companions included). */
export const EVENT_MAX_CAPACITY = 10_000;
/** Companions one person may bring (a child, a parent). */
export const EVENT_MAX_COMPANIONS = 5;
/** A fee paid at the door, at most ¥10,000; no online payment in issue 34. */
export const EVENT_MAX_FEE_FEN = 1_000_000;
/** An event lasts at most two weeks (a volunteer drive), and is published at most a year ahead. */
export const EVENT_MAX_DAYS = 14;
export const EVENT_MAX_DAYS_AHEAD = 366;
/** Events (and search results) on one page of a list. */
export const EVENT_PAGE_SIZE = 20;
/** Sign-ups on one page of the staff's list. */
export const SIGNUP_PAGE_SIZE = 50;
/** A keyword searched in titles, descriptions and places. */
export const EVENT_SEARCH_MAX_CHARS = 30;
/** What a sign-up note (e.g. 孩子年龄) and a reason (review, cancellation) may hold. */
export const SIGNUP_NOTE_MAX_CHARS = 100;
export const EVENT_REASON_MAX_CHARS = 200;
/** A late sign-up at the door: the name staff write down. */
export const WALK_IN_NAME_MAX_CHARS = 20;
/** Per person per day: proposals (residents) and sign-ups (an account signing up for everything is a script). */
export const EVENT_PROPOSALS_PER_DAY = 3;
export const SIGNUPS_PER_DAY = 20;
/** Reminders before the start (issue 34 item 2): a day and an hour. */
export const EVENT_REMINDERS_MINUTES = [24 * 60, 60] as const;
/**
 * A sign-up's mobile serves the event (the organisers call about a change, a lost item): deleted
 * this many days after the event ended (docs/decisions/events-signups.md "Mobiles").
 */
export const SIGNUP_MOBILE_KEEP_DAYS = 30;
/** Scans sent in one request by a scanner that was offline. */
export const CHECKINS_PER_REQUEST = 200;

export const EventMsg = {
  kind: '请选择活动类型',
  audience: '请选择可报名的人',
  titleRequired: '请输入活动标题',
  titleTooLong: `标题不能超过${EVENT_TITLE_MAX_CHARS}字`,
  descriptionTooLong: `活动介绍不能超过${EVENT_DESCRIPTION_MAX_CHARS}字`,
  placeRequired: '请输入活动地点',
  placeTooLong: `地点不能超过${EVENT_PLACE_MAX_CHARS}字`,
  time: '请选择正确的时间',
  endBeforeStart: '结束时间须晚于开始时间',
  tooLong: `活动时长不能超过${EVENT_MAX_DAYS}天`,
  tooFar: '活动开始时间不能超过一年以后',
  startPast: '开始时间已过，请重新选择',
  window: '报名截止时间须晚于报名开始时间，且不晚于活动结束',
  cancelUntil: '取消报名的截止时间不能晚于活动开始',
  capacity: `名额须为 1 – ${EVENT_MAX_CAPACITY} 人`,
  companions: `每人最多可带 ${EVENT_MAX_COMPANIONS} 名同行人`,
  fee: '请输入正确的费用（0 – 10,000 元，最多两位小数）',
  cover: '封面图片已失效，请重新上传',
  space: '场地不存在或不属于本社区',
  cursor: '参数不正确',
  searchTooLong: `搜索词不能超过${EVENT_SEARCH_MAX_CHARS}字`,
  notFound: '活动不存在或已删除',
  notStaff: '只有本社区的工作人员可以管理活动',
  proposalsOff: '本社区暂未开放居民发起活动，请联系物业或居委会',
  notMember: '只有本社区的居民和工作人员可以发起活动',
  tooManyProposals: `每天最多发起${EVENT_PROPOSALS_PER_DAY}个活动，请明天再试`,
  notPending: '该活动已处理，请刷新',
  reasonRequired: '请填写原因',
  reasonTooLong: `原因不能超过${EVENT_REASON_MAX_CHARS}字`,
  cancelled: '活动已取消',
  notPublished: '活动尚未发布',
  ended: '活动已结束',
  noChangeAfterStart: '活动已开始，不能再修改',
  capacityBelowConfirmed: '名额不能少于已报名的人数',
  notManager: '只有社区管理员和管理人员可以修改活动设置',
  /** Staff's own text holding a word the community's keyword list names (docs/decisions/events.md). */
  bannedWords: (words: readonly string[]) => `活动内容含有本社区设置的敏感词（${words.join('、')}），请修改后再发布`,
  // Sign-up
  notOpenYet: '报名尚未开始',
  closed: '报名已截止',
  notResident: '本活动仅限本社区居民报名：出入登记审核通过后即可报名',
  notOwner: '本活动仅限本社区业主报名',
  notJoined: '请先加入该社区',
  already: '您已报名该活动',
  mobileRequired: '本活动报名需填写手机号',
  mobile: '请输入正确的11位手机号',
  noteTooLong: `备注不能超过${SIGNUP_NOTE_MAX_CHARS}字`,
  // A note only the organisers read: held words are refused outright, not kept for review.
  noteHeld: '备注中含有不宜发布的内容，请修改后再提交',
  tooManySignups: '报名过于频繁，请稍后再试',
  notSignedUp: '您未报名该活动',
  cancelClosed: '已过取消报名的截止时间，如有变动请联系活动组织方',
  // Check-in
  notTicket: '这不是活动签到码',
  otherEvent: '这是其他活动的签到码',
  otherCommunity: '这不是本社区的活动签到码',
  ticketUnknown: '签到码无效',
  ticketCancelled: '该报名已取消',
  ticketWaiting: '该报名仍在候补，未获得名额',
  checkinNotOpen: '活动当天才能签到',
  doorCode: '活动签到二维码已失效，请扫描现场最新的二维码',
  walkInName: `请输入姓名（不超过${WALK_IN_NAME_MAX_CHARS}字）`,
  full: '名额已满',
} as const;

/** ¥12.50 from 1250 fen; whole yuan without decimals (¥12); 免费 for none. */
export function feeText(fen: number | null): string {
  if (fen === null || fen === 0) return '免费';
  return `¥${fen % 100 === 0 ? fen / 100 : (fen / 100).toFixed(2)}（现场缴纳）`;
}
