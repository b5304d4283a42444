import { addDays, beijingDate, parseBeijingMinute } from '../beijing-time';
import { internationalMobile } from '../documents/contact-mobile';
import { MOBILE_PATTERN } from '../rules';
import { isValidPlate, normalisePlate } from '../vehicles/plate-rules';
import { compact, NAME_MAX } from '../pass/registration-rules';
import { VISIT_AHEAD_DAYS, VISIT_MAX_DAYS, VISIT_MAX_ENTRIES, VisitMsg } from './visit-window';

/** The invitation form's rules, shared by the form and the server (visit-window.ts has what the gate needs). */
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

