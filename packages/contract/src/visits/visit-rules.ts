import { addDays, beijingDate, parseBeijingMinute } from '../beijing-time';
import { internationalMobile } from '../documents/contact-mobile';
import { MOBILE_PATTERN } from '../rules';
import { isValidPlate, normalisePlate, PlateMsg } from '../vehicles/plate-rules';
import { compact, NAME_MAX } from '../pass/registration-rules';

/**
 * Visitors invited by residents (issue 13 item 4): the rules the invitation form and the server
 * share. A window is Beijing wall-clock minutes ("YYYY-MM-DD HH:mm"), like poll deadlines.
 */

/** A visit lasts at most a week: a relative staying over, not a tenant (tenants register). */
export const VISIT_MAX_DAYS = 7;
/** Invitations are for the coming month. */
export const VISIT_AHEAD_DAYS = 30;
/** Entries one invitation allows. */
export const VISIT_MAX_ENTRIES = 10;
/** Invitations one resident may send in one community per Beijing day (abuse: SMS cost, open doors). */
export const INVITATIONS_PER_DAY = 10;
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

export interface InvitationInput {
  name?: unknown;
  mobile?: unknown;
  start?: unknown;
  end?: unknown;
  entries?: unknown;
  plate?: unknown;
}

export interface Invitation {
  name: string;
  mobile: string;
  start: Date;
  end: Date;
  entries: number;
  /** '' when none was given. */
  plate: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** Checks an invitation in the form's order; the first failing rule's message, or the cleaned invitation. */
export function checkInvitation(input: InvitationInput, now: Date): { ok: true; value: Invitation } | { ok: false; message: string; field: keyof InvitationInput } {
  const fail = (message: string, field: keyof InvitationInput) => ({ ok: false as const, message, field });
  const name = text(input.name);
  if (!name) return fail(VisitMsg.name, 'name');
  if (name.length > NAME_MAX) return fail(VisitMsg.nameTooLong, 'name');
  const typed = compact(input.mobile);
  if (!typed) return fail(VisitMsg.mobile, 'mobile');
  const mobile = MOBILE_PATTERN.test(typed) ? typed : typed.startsWith('+') ? internationalMobile(typed) : null;
  if (!mobile) return fail(VisitMsg.mobileInvalid, 'mobile');
  const start = parseBeijingMinute(text(input.start));
  if (!start) return fail(VisitMsg.start, 'start');
  const end = parseBeijingMinute(text(input.end));
  if (!end) return fail(VisitMsg.end, 'end');
  if (end <= start) return fail(VisitMsg.endBeforeStart, 'end');
  if (end <= now) return fail(VisitMsg.endPassed, 'end');
  if (end.getTime() - start.getTime() > VISIT_MAX_DAYS * 86_400_000) return fail(VisitMsg.tooLong, 'end');
  if (beijingDate(start) > addDays(beijingDate(now), VISIT_AHEAD_DAYS)) return fail(VisitMsg.tooFar, 'start');
  const entries = Number(text(input.entries) || '1');
  if (!Number.isInteger(entries) || entries < 1 || entries > VISIT_MAX_ENTRIES) return fail(VisitMsg.entries, 'entries');
  const plate = normalisePlate(text(input.plate));
  if (plate && !isValidPlate(plate)) return fail(VisitMsg.plate, 'plate');
  return { ok: true, value: { name, mobile, start, end, entries, plate } };
}

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
