import { beijingDate, beijingDateTime } from '../beijing-time';
import { PlateMsg } from '../vehicles/plate-rules';

/**
 * Visitors invited by residents (issue 13 item 4): limits, messages, and what the gate, the
 * offline scanner and the pages decide from a window (no zod, no phone-number library: the
 * scanner's chunk takes this file). A window is Beijing wall-clock minutes ("YYYY-MM-DD HH:mm").
 */

/** A visit lasts at most a week: a relative staying over, not a tenant (tenants register). */
export const VISIT_MAX_DAYS = 7;
/** Invitations are for the coming month. */
export const VISIT_AHEAD_DAYS = 30;
/** Entries one invitation allows. */
export const VISIT_MAX_ENTRIES = 10;
/** Invitations one resident may send in one community per Beijing day (abuse: SMS cost, open doors). */
export const INVITATIONS_PER_DAY = 10;
/** SMS sent for residents (each invitation texts its visitor) per community per Beijing day: caps the community's SMS bill, far above a busy day. */
export const RESIDENT_SMS_PER_COMMUNITY_PER_DAY = 300;
/** Of those, to numbers outside mainland China (+852, +853, +886 …): each costs ~10× and SMS-pumping fraud targets them. */
export const RESIDENT_SMS_ABROAD_PER_COMMUNITY_PER_DAY = 30;
/** A visitor let in near the window's end may still leave by scanning this long after it. */
export const VISIT_EXIT_GRACE_HOURS = 6;

export const VisitMsg = {
  name: '请输入访客姓名',
  nameTooLong: '访客姓名过长',
  mobile: '请输入访客手机号',
  mobileInvalid: '请输入正确的访客手机号（境外号码请以“+”和国家或地区代码开头）',
  start: '请选择来访开始时间',
  end: '请选择来访结束时间',
  endBeforeStart: '结束时间须晚于开始时间',
  endPassed: '结束时间已过，请重新选择',
  tooLong: `来访时段最长 ${VISIT_MAX_DAYS} 天`,
  tooFar: `只能邀请 ${VISIT_AHEAD_DAYS} 天内的来访`,
  entries: `进入次数为 1–${VISIT_MAX_ENTRIES} 次`,
  plate: PlateMsg.invalid,
  notResident: '只有本社区登记已通过的住户可以邀请访客',
  dailyLimit: `今天的访客邀请已达 ${INVITATIONS_PER_DAY} 次，请明天再试`,
  communitySmsLimit: `本社区今天的访客邀请短信已达 ${RESIDENT_SMS_PER_COMMUNITY_PER_DAY} 条上限，请明天再试`,
  communitySmsAbroadLimit: `本社区今天发往境外号码的访客邀请短信已达 ${RESIDENT_SMS_ABROAD_PER_COMMUNITY_PER_DAY} 条上限，请明天再试或改用内地手机号`,
  notFound: '邀请不存在或已删除',
  linkInvalid: '邀请链接无效，请向邀请您的住户重新索取',
  alreadyCancelled: '该邀请已取消',
  alreadyEnded: '该邀请已结束，无需取消',
  // At the gate
  cancelled: '该访客邀请已取消',
  outsideWindow: '不在邀请的来访时间内',
  entriesUsed: '该访客邀请的进入次数已用完',
  needsDocument: '访客尚未填写证件信息',
  documentNotNeeded: '本社区访客无需填写证件',
  documentGiven: '证件信息已填写',
  consent: '请阅读并同意个人信息处理说明',
} as const;

/** Where an invitation stands at `now` (entries counted by the gate). */
export type VisitStatus = 'waiting' | 'open' | 'used' | 'ended' | 'cancelled';
export const VISIT_STATUS_LABEL: Record<VisitStatus, string> = {
  waiting: '未到时间',
  open: '可通行',
  used: '次数已用完',
  ended: '已结束',
  cancelled: '已取消',
};

export function visitStatus(v: { start: number; end: number; entries: number; entriesUsed: number; cancelled: boolean }, nowMs: number): VisitStatus {
  if (v.cancelled) return 'cancelled';
  if (nowMs > v.end * 1000) return 'ended';
  if (v.entriesUsed >= v.entries) return 'used';
  if (nowMs < v.start * 1000) return 'waiting';
  return 'open';
}

/** What the gate and the visitor's page need of an invitation (unix seconds). */
export interface VisitWindow {
  start: number;
  end: number;
  entries: number;
  entriesUsed: number;
  cancelled: boolean;
  /** The community asks for a document and the visitor has not given one. */
  needsDocument: boolean;
}

/**
 * Why the invitation does not let its visitor through in `direction` at `nowMs`, or null. Coming
 * in: inside the window, with an entry left. Leaving: from the window's start until a few hours
 * after its end (a visitor who stayed late is not kept in).
 */
export function visitRefusal(v: VisitWindow, direction: number, nowMs: number): string | null {
  if (v.cancelled) return VisitMsg.cancelled;
  if (v.needsDocument) return VisitMsg.needsDocument;
  const last = direction === 2 ? v.end * 1000 + VISIT_EXIT_GRACE_HOURS * 3_600_000 : v.end * 1000;
  if (nowMs < v.start * 1000 || nowMs > last) return VisitMsg.outsideWindow;
  if (direction !== 2 && v.entriesUsed >= v.entries) return VisitMsg.entriesUsed;
  return null;
}

const dayText = (d: Date) => {
  const [, m, dd] = beijingDate(d).split('-');
  return `${Number(m)}月${Number(dd)}日`;
};
const timeText = (d: Date) => beijingDateTime(d).slice(11);

/** "11月26日 18:00", Beijing: a visit's moment as people say it. */
export const visitMomentText = (d: Date) => `${dayText(d)} ${timeText(d)}`;

/** "11月26日 09:00–18:00" (one day) or "11月26日 09:00–11月27日 18:00", Beijing. */
export function visitWindowText(start: Date, end: Date): string {
  return beijingDate(start) === beijingDate(end) ? `${visitMomentText(start)}–${timeText(end)}` : `${visitMomentText(start)}–${visitMomentText(end)}`;
}
