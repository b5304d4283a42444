import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZPoiId } from '../poi-id';
import {
  BOOKING_STATUSES,
  SLOT_STATES,
  SPACE_DESCRIPTION_MAX_CHARS,
  SPACE_MAX_DAYS_AHEAD,
  SPACE_MAX_SLOTS,
  SPACE_MAX_WEEKLY_MINUTES,
  SPACE_NAME_MAX_CHARS,
  SPACE_NOTE_MAX_CHARS,
  SPACE_PURPOSE_MAX_CHARS,
  SPACE_RULES_MAX_CHARS,
  SPACE_SLOT_MINUTES,
  SpaceMsg,
  validWeekHours,
  type WeekHours,
} from './space-rules';

const ZDate = z.string({ error: SpaceMsg.date }).regex(/^\d{4}-\d{2}-\d{2}$/, SpaceMsg.date);
const ZId = (message: string) => z.string({ error: message }).max(64, message);
const ZHours = z.custom<WeekHours>((v) => validWeekHours(v), { error: SpaceMsg.hours });

/** A space as everyone reads it (/area). */
export const ZSpace = /*#__PURE__*/ z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  rules: z.string(),
  hours: z.array(z.tuple([z.number().int(), z.number().int()]).nullable()),
  slotMinutes: z.number().int(),
  needsApproval: z.boolean(),
  /** Per person per Beijing week; null: no limit. */
  weeklyMinutes: z.number().int().nullable(),
  daysAhead: z.number().int(),
  active: z.boolean(),
});
export type Space = z.output<typeof ZSpace>;

/** A booking as its person sees it (我的预约). */
export const ZMyBooking = /*#__PURE__*/ z.object({
  id: z.string(),
  spaceId: z.string(),
  spaceName: z.string(),
  /** Unix seconds. */
  startsAt: z.number().int(),
  endsAt: z.number().int(),
  purpose: z.string(),
  status: z.enum(BOOKING_STATUSES),
  /** Why staff turned it down. */
  reviewNote: z.string().nullable(),
  canCancel: z.boolean(),
});
export type MyBooking = z.output<typeof ZMyBooking>;

/** /area: the community's open spaces (residents and staff). */
export const listSpaces = defineEndpoint({
  method: 'GET',
  path: '/v1/spaces',
  summary: '社区场地列表',
  query: z.object({ poiId: ZPoiId }),
  data: z.object({ spaces: z.array(ZSpace) }),
});

/** /area?id=: a space and one day's slots; who booked a slot is never shown here (已预约). */
export const getSpaceDay = defineEndpoint({
  method: 'GET',
  path: '/v1/spaces/:id',
  summary: '场地某天的时段',
  query: z.object({ date: ZDate.optional() }),
  data: z.object({
    space: ZSpace,
    /** The day shown (Beijing), and the days that may be booked (today first). */
    date: z.string(),
    days: z.array(z.string()),
    slots: z.array(z.object({ startsAt: z.number().int(), endsAt: z.number().int(), state: z.enum(SLOT_STATES) })),
    /** Minutes the caller holds in that day's week (pending and approved). */
    weekUsed: z.number().int(),
  }),
});

/** Books `slots` consecutive slots from `startsAt` (unix seconds, on the space's grid). */
export const bookSpace = defineEndpoint({
  method: 'POST',
  path: '/v1/spaces/:id/book',
  summary: '预约场地',
  body: z.object({
    startsAt: z.number({ error: SpaceMsg.time }).int(SpaceMsg.time).min(0, SpaceMsg.time),
    slots: z.number({ error: SpaceMsg.slots }).int(SpaceMsg.slots).min(1, SpaceMsg.slots).max(SPACE_MAX_SLOTS, SpaceMsg.slots).default(1),
    purpose: z.string({ error: SpaceMsg.purposeTooLong }).trim().max(SPACE_PURPOSE_MAX_CHARS, SpaceMsg.purposeTooLong).default(''),
  }),
  data: z.object({ booking: ZMyBooking }),
});

/** 我的预约 in a community: upcoming and today's, soonest first. */
export const listMyBookings = defineEndpoint({
  method: 'GET',
  path: '/v1/spaces/bookings/mine',
  summary: '我的场地预约',
  query: z.object({ poiId: ZPoiId }),
  data: z.object({ bookings: z.array(ZMyBooking) }),
});

/** The person cancels their own booking before it starts. */
export const cancelBooking = defineEndpoint({
  method: 'POST',
  path: '/v1/spaces/bookings/:id/cancel',
  summary: '取消场地预约',
  data: z.object({ booking: ZMyBooking }),
});

/** A space's settings as staff save them; no `id`: a new space. */
export const saveSpace = defineEndpoint({
  method: 'POST',
  path: '/v1/manage/spaces/save',
  summary: '新建或修改场地',
  body: z.object({
    poiId: ZPoiId,
    id: ZId(SpaceMsg.notFound).optional(),
    name: z.string({ error: SpaceMsg.nameRequired }).trim().min(1, SpaceMsg.nameRequired).max(SPACE_NAME_MAX_CHARS, SpaceMsg.nameTooLong),
    description: z.string({ error: SpaceMsg.descriptionTooLong }).trim().max(SPACE_DESCRIPTION_MAX_CHARS, SpaceMsg.descriptionTooLong).default(''),
    rules: z.string({ error: SpaceMsg.rulesTooLong }).trim().max(SPACE_RULES_MAX_CHARS, SpaceMsg.rulesTooLong).default(''),
    hours: ZHours,
    slotMinutes: z.union(SPACE_SLOT_MINUTES.map((m) => z.literal(m)), { error: SpaceMsg.slotMinutes }),
    needsApproval: z.boolean({ error: SpaceMsg.slotMinutes }).default(false),
    weeklyMinutes: z.number({ error: SpaceMsg.weeklyMinutes }).int(SpaceMsg.weeklyMinutes).min(30, SpaceMsg.weeklyMinutes).max(SPACE_MAX_WEEKLY_MINUTES, SpaceMsg.weeklyMinutes).nullable().default(null),
    daysAhead: z.number({ error: SpaceMsg.daysAhead }).int(SpaceMsg.daysAhead).min(1, SpaceMsg.daysAhead).max(SPACE_MAX_DAYS_AHEAD, SpaceMsg.daysAhead).default(14),
    active: z.boolean({ error: SpaceMsg.notFound }).default(true),
  }),
  data: z.object({ space: ZSpace }),
});

/** 场地管理: every space of the community (stopped ones too) and how many bookings wait. */
export const listManagedSpaces = defineEndpoint({
  method: 'GET',
  path: '/v1/manage/spaces',
  summary: '场地管理列表',
  query: z.object({ poiId: ZPoiId }),
  data: z.object({ spaces: z.array(ZSpace), pending: z.number().int() }),
});

/** A booking as staff see it: who (screen name, masked mobile) or the event that reserved it. */
export const ZBookingRow = /*#__PURE__*/ z.object({
  id: z.string(),
  spaceId: z.string(),
  spaceName: z.string(),
  startsAt: z.number().int(),
  endsAt: z.number().int(),
  purpose: z.string(),
  status: z.enum(BOOKING_STATUSES),
  reviewNote: z.string().nullable(),
  /** Null for an event's reservation (or a person who deleted their account). */
  person: z.object({ name: z.string(), mobile: z.string() }).nullable(),
  event: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** Unix seconds. */
  createdAt: z.number().int(),
});
export type BookingRow = z.output<typeof ZBookingRow>;

/** The day's bookings of the community (every space, or one), with who; `pending=1`: every booking waiting for approval instead. */
export const listDayBookings = defineEndpoint({
  method: 'GET',
  path: '/v1/manage/spaces/bookings',
  summary: '场地当天预约与待审核',
  query: z.object({
    poiId: ZPoiId,
    date: ZDate.optional(),
    spaceId: ZId(SpaceMsg.notFound).optional(),
    pending: z.enum(['0', '1'], { error: SpaceMsg.date }).optional(),
  }),
  data: z.object({ date: z.string(), bookings: z.array(ZBookingRow) }),
});

/** Staff approve or turn down a pending booking (the person is told; audited). */
export const reviewBooking = defineEndpoint({
  method: 'POST',
  path: '/v1/manage/spaces/bookings/review',
  summary: '审核场地预约',
  body: z.object({
    poiId: ZPoiId,
    id: ZId(SpaceMsg.bookingNotFound),
    approve: z.boolean({ error: SpaceMsg.notPending }),
    note: z.string({ error: SpaceMsg.noteTooLong }).trim().max(SPACE_NOTE_MAX_CHARS, SpaceMsg.noteTooLong).default(''),
  }),
  data: z.object({ booking: ZBookingRow }),
});

/**
 * Staff cancel a booking still to come (a burst pipe in the room, a booking against the rules):
 * pending or approved, with a reason the person reads. An event's reservation is changed with its
 * event instead. Audited.
 */
export const cancelBookingByStaff = defineEndpoint({
  method: 'POST',
  path: '/v1/manage/spaces/bookings/cancel',
  summary: '取消场地预约（工作人员）',
  body: z.object({
    poiId: ZPoiId,
    id: ZId(SpaceMsg.bookingNotFound),
    note: z.string({ error: SpaceMsg.cancelReason }).trim().min(1, SpaceMsg.cancelReason).max(SPACE_NOTE_MAX_CHARS, SpaceMsg.cancelReason),
  }),
  data: z.object({ booking: ZBookingRow }),
});
