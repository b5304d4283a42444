import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZExportFields, ZExportQuery } from '../manage/export';
import { ZMobile } from '../mobile';
import { CHECKIN_VIAS, EVENT_MAX_COMPANIONS, EventMsg, SIGNUP_NOTE_MAX_CHARS, SIGNUP_STATUSES, WALK_IN_NAME_MAX_CHARS } from './event-rules';
import { ZEventCard, ZEventCursor, ZMySignup } from './events';

/**
 * Sign up, with companions (each takes a place). Confirmed while places remain, else on the
 * waiting list, which moves up by itself (oldest first) when places free up. A person signed up
 * already gets their sign-up back unchanged (a repeated tap, a resent request).
 */
export const signUp = defineEndpoint({
  method: 'POST',
  path: '/v1/events/:id/signup',
  summary: '报名活动（名额满时进入候补）',
  body: z.object({
    companions: z.number({ error: EventMsg.companions }).int(EventMsg.companions).min(0, EventMsg.companions).max(EVENT_MAX_COMPANIONS, EventMsg.companions).default(0),
    /** Required when the event needs a phone number; stored encrypted, shown masked to staff. */
    mobile: ZMobile.optional(),
    /** e.g. 孩子 6 岁. */
    note: z.string({ error: EventMsg.noteTooLong }).trim().max(SIGNUP_NOTE_MAX_CHARS, EventMsg.noteTooLong).default(''),
  }),
  data: z.object({ signup: ZMySignup }),
});

/** The person cancels their sign-up until the event's cut-off; the first waiting moves up and is told. */
export const cancelSignup = defineEndpoint({
  method: 'POST',
  path: '/v1/events/:id/signup/cancel',
  summary: '取消报名',
  data: z.object({ signup: ZMySignup }),
});

/** 我的活动: the caller's sign-ups in every community, upcoming first, then the past. */
export const listMyEvents = defineEndpoint({
  method: 'GET',
  path: '/v1/events/mine',
  summary: '我报名的活动',
  query: z.object({ cursor: ZEventCursor }),
  data: z.object({ events: z.array(ZEventCard.extend({ community: z.string(), mine: ZMySignup })), next: z.string().nullable() }),
});

/** A sign-up as the event's staff see it: screen name and masked mobile (whole only in an export that asks for it). */
export const ZSignupRow = /*#__PURE__*/ z.object({
  id: z.string(),
  /** Screen name; a walk-in's name as staff wrote it. */
  name: z.string(),
  /** Masked (138****0004); empty when none was asked. */
  mobile: z.string(),
  companions: z.number().int(),
  note: z.string(),
  status: z.enum(SIGNUP_STATUSES),
  waitingPosition: z.number().int().nullable(),
  /** Unix seconds. */
  createdAt: z.number().int(),
  checkedInAt: z.number().int().nullable(),
  via: z.enum(CHECKIN_VIAS).nullable(),
  walkIn: z.boolean(),
});
export type SignupRow = z.output<typeof ZSignupRow>;

/**
 * The event's sign-up list with attendance (staff); `export=1` answers it as .xlsx (masked unless
 * `whole=1`, which managers and administrators only get; audited like every export).
 */
export const listSignups = defineEndpoint({
  method: 'GET',
  path: '/v1/manage/events/:id/signups',
  summary: '活动报名名单与签到情况（可导出）',
  query: ZExportQuery.extend({
    ...ZExportFields,
    status: z.enum(SIGNUP_STATUSES, { error: EventMsg.cursor }).optional(),
    cursor: ZEventCursor,
  }),
  data: z.object({
    signups: z.array(ZSignupRow),
    next: z.string().nullable(),
    counts: z.object({ confirmed: z.number().int(), waiting: z.number().int(), cancelled: z.number().int(), attended: z.number().int() }),
  }),
  download: { types: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'], description: '报名名单 .xlsx' },
});

/** A late sign-up at the door, recorded by staff: counted as attended at once (not limited by places). */
export const addWalkIn = defineEndpoint({
  method: 'POST',
  path: '/v1/manage/events/:id/walkin',
  summary: '现场补登记（计入签到）',
  body: z.object({
    name: z.string({ error: EventMsg.walkInName }).trim().min(1, EventMsg.walkInName).max(WALK_IN_NAME_MAX_CHARS, EventMsg.walkInName),
    companions: z.number({ error: EventMsg.companions }).int(EventMsg.companions).min(0, EventMsg.companions).max(EVENT_MAX_COMPANIONS, EventMsg.companions).default(0),
  }),
  data: z.object({ signup: ZSignupRow, attended: z.number().int() }),
});
