/**
 * 场地预约 (/area, issue 34 item 5): the limits a space's settings and a booking keep, and the
 * messages people read. Free of zod (the /area pages' first load shares these). Times are read in
 * Beijing time. Decisions: docs/decisions/albums-and-spaces.md.
 */

/** Opening hours per weekday, Monday first: [open, close] in minutes after midnight, or null (closed). */
export type WeekHours = ([number, number] | null)[];

export const WEEKDAY_NAMES = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'] as const;
/** A slot's length: half an hour (a meeting room) to two hours (a badminton court's usual session). */
export const SPACE_SLOT_MINUTES = [30, 60, 90, 120] as const;
/** Opening and closing times sit on a half-hour grid (what a notice on the door says). */
export const SPACE_HOURS_STEP = 30;
/** Consecutive slots one booking may hold: half a day at most. */
export const SPACE_MAX_SLOTS = 8;
/** How far ahead staff may let people book: two months (a room for next month's class). */
export const SPACE_MAX_DAYS_AHEAD = 60;
/** A weekly limit per person, when set: from one half-hour to a whole week. */
export const SPACE_MAX_WEEKLY_MINUTES = 7 * 24 * 60;
export const SPACE_NAME_MAX_CHARS = 20;
export const SPACE_DESCRIPTION_MAX_CHARS = 500;
export const SPACE_RULES_MAX_CHARS = 1000;
export const SPACE_PURPOSE_MAX_CHARS = 50;
export const SPACE_NOTE_MAX_CHARS = 100;
/** Spaces one community may keep (a list, not a catalogue). */
export const SPACES_PER_COMMUNITY = 50;
/** Bookings older than this are deleted by the retention job (who used a room when is personal data). */
export const SPACE_BOOKINGS_KEEP_DAYS = 180;
/** The default week: 8:00 – 21:00 every day. */
export const DEFAULT_WEEK_HOURS: WeekHours = Array.from({ length: 7 }, () => [8 * 60, 21 * 60] as [number, number]);

/** pending: waits for staff (a space that needs approval); approved: holds the slot; rejected and cancelled free it. */
export const BOOKING_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const BOOKING_STATUS_NAMES: Record<BookingStatus, string> = { pending: '待审核', approved: '已预约', rejected: '未通过', cancelled: '已取消' };

/**
 * A slot of a day as a resident sees it: free, taken by someone (who is not shown: 已预约), the
 * caller's own (pending or approved), or past (started already).
 */
export const SLOT_STATES = ['free', 'taken', 'mine', 'past'] as const;
export type SlotState = (typeof SLOT_STATES)[number];

export const SpaceMsg = {
  nameRequired: '请输入场地名称',
  nameTooLong: `场地名称不能超过${SPACE_NAME_MAX_CHARS}字`,
  descriptionTooLong: `场地介绍不能超过${SPACE_DESCRIPTION_MAX_CHARS}字`,
  rulesTooLong: `使用规则不能超过${SPACE_RULES_MAX_CHARS}字`,
  hours: '开放时间不正确：每天须为整点或半点，结束晚于开始',
  slotMinutes: '请选择每个时段的长度',
  weeklyMinutes: '每人每周可预约时长须为 30 分钟到 7 天',
  daysAhead: `可提前预约天数须为 1 – ${SPACE_MAX_DAYS_AHEAD} 天`,
  tooManySpaces: `每个社区最多${SPACES_PER_COMMUNITY}个场地`,
  notFound: '场地不存在或已停用',
  notStaff: '只有本社区的工作人员可以管理场地',
  date: '请选择正确的日期',
  time: '请选择正确的时段',
  slots: `每次最多连续预约${SPACE_MAX_SLOTS}个时段`,
  purposeTooLong: `用途不能超过${SPACE_PURPOSE_MAX_CHARS}字`,
  noteTooLong: `备注不能超过${SPACE_NOTE_MAX_CHARS}字`,
  past: '该时段已过，请选择其他时段',
  tooFar: (days: number) => `只能预约${days}天内的时段`,
  outsideHours: '所选时段不在开放时间内',
  offGrid: '请按场地的时段预约',
  taken: '该时段已被预约，请选择其他时段',
  weekly: (minutes: number, left: number) => `每人每周最多预约${hoursText(minutes)}，本周还可预约${hoursText(left)}`,
  bookingNotFound: '预约不存在',
  notYours: '只能取消自己的预约',
  notCancellable: '该预约已结束或已取消',
  notPending: '该预约已处理，请刷新',
  reasonRequired: '请填写未通过的原因',
  cancelReason: `请填写取消原因（${SPACE_NOTE_MAX_CHARS}字以内，会告知预约人）`,
  eventBooking: '这是活动占用的场地，请在活动管理中修改或取消活动',
  eventTaken: '活动所选场地在该时间已被预约，请更换时间或场地',
  eventOutside: '活动时间不在场地开放时间内',
} as const;

/** 1.5小时, 2小时, 30分钟. */
export function hoursText(minutes: number): string {
  if (minutes < 60) return `${minutes}分钟`;
  const h = minutes / 60;
  return `${Number.isInteger(h) ? h : h.toFixed(1)}小时`;
}

/** 08:30 from 510. */
export function clockText(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The Beijing weekday of a YYYY-MM-DD date, Monday = 0 (the index into WeekHours). */
export function weekdayIndex(date: string): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** Whether a week's hours are valid: seven days, each closed or an open–close pair on the half-hour grid within the day. */
export function validWeekHours(hours: unknown): hours is WeekHours {
  if (!Array.isArray(hours) || hours.length !== 7) return false;
  return hours.every(
    (d) =>
      d === null ||
      (Array.isArray(d) &&
        d.length === 2 &&
        d.every((m) => Number.isInteger(m) && m >= 0 && m <= 1440 && m % SPACE_HOURS_STEP === 0) &&
        (d[0] as number) < (d[1] as number)),
  );
}
