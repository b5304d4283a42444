import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZImage, ZImageHash } from '../images/upload-image';
import { ZPoiId } from '../poi-id';
import {
  EVENT_AUDIENCES,
  EVENT_DESCRIPTION_MAX_CHARS,
  EVENT_KINDS,
  EVENT_MAX_CAPACITY,
  EVENT_MAX_COMPANIONS,
  EVENT_MAX_FEE_FEN,
  EVENT_PLACE_MAX_CHARS,
  EVENT_REASON_MAX_CHARS,
  EVENT_SEARCH_MAX_CHARS,
  EVENT_STATUSES,
  EVENT_TITLE_MAX_CHARS,
  EVENT_WHENS,
  EventMsg,
  SIGNUP_STATUSES,
} from './event-rules';

/** An opaque keyset cursor a page hands back for the next one. */
export const ZEventCursor = z.string({ error: EventMsg.cursor }).max(200, EventMsg.cursor).optional();
/** Unix seconds, as every time in this domain travels. */
const ZTime = z.number({ error: EventMsg.time }).int(EventMsg.time).min(0, EventMsg.time);

/** The caller's own sign-up, on every card and detail (null: none, or cancelled long ago). */
export const ZMySignup = /*#__PURE__*/ z.object({
  id: z.string(),
  status: z.enum(SIGNUP_STATUSES),
  companions: z.number().int(),
  /** Place in the waiting list (1 = next to move up); null unless waiting. */
  waitingPosition: z.number().int().nullable(),
  /** Unix seconds when checked in; null until then. */
  checkedInAt: z.number().int().nullable(),
});
export type MySignup = z.output<typeof ZMySignup>;

/** An event in a list: enough for a card. */
export const ZEventCard = /*#__PURE__*/ z.object({
  id: z.string(),
  poiId: z.string(),
  kind: z.enum(EVENT_KINDS),
  title: z.string(),
  cover: ZImage.nullable(),
  place: z.string(),
  /** Unix seconds. */
  startsAt: z.number().int(),
  endsAt: z.number().int(),
  signupOpensAt: z.number().int(),
  signupClosesAt: z.number().int(),
  /** Places, companions included. */
  capacity: z.number().int(),
  /** Places taken by confirmed sign-ups (companions included). */
  confirmed: z.number().int(),
  /** People on the waiting list. */
  waiting: z.number().int(),
  /** Paid at the door; null: free. */
  feeFen: z.number().int().nullable(),
  audience: z.enum(EVENT_AUDIENCES),
  status: z.enum(EVENT_STATUSES),
  mine: ZMySignup.nullable(),
});
export type EventCard = z.output<typeof ZEventCard>;

/** /activitydetail?id=: everything about one event. */
export const ZEventDetail = /*#__PURE__*/ ZEventCard.extend({
  community: z.string(),
  description: z.string(),
  maxCompanions: z.number().int(),
  needsPhone: z.boolean(),
  /** Unix seconds until which a sign-up may be cancelled by its person. */
  cancelUntil: z.number().int(),
  /** Whether those who attended may add photos to its album. */
  attendeePhotos: z.boolean(),
  /** The bookable space it reserved, if any (spaces, /area). */
  spaceId: z.string().nullable(),
  /** Who published it: screen name, and whether staff (物业/居委会). */
  organiser: z.object({ username: z.string(), staff: z.boolean() }),
  /** People checked in (companions included). */
  attended: z.number().int(),
  /** To the proposer of a rejected event, and to everyone of a cancelled one: why. */
  statusNote: z.string().nullable(),
  /** Whether the caller may edit, cancel and run it (the community's staff). */
  canManage: z.boolean(),
  /** Whether the caller may sign up at all (audience), whatever the window says. */
  canSignUp: z.boolean(),
  /** The caller's check-in code (a confirmed sign-up only): shown as a QR that staff scan. */
  ticket: z.string().nullable(),
  photoCount: z.number().int(),
});
export type EventDetail = z.output<typeof ZEventDetail>;

const ZEventPage = z.object({ events: z.array(ZEventCard), next: z.string().nullable() });

/**
 * /activitylist: the community's published events. `upcoming` (the default): not ended yet, soonest
 * first; `week`: starting this Beijing week; `past`: ended, latest first. Readable by anyone who
 * joined the community or belongs to it. Published events, and cancelled ones until their end
 * (marked 已取消); residents' proposals wait in listEventProposals (docs/decisions/events.md).
 */
export const listEvents = defineEndpoint({
  method: 'GET',
  path: '/v1/events',
  summary: '社区活动列表',
  query: z.object({
    poiId: ZPoiId,
    kind: z.enum(EVENT_KINDS, { error: EventMsg.kind }).optional(),
    when: z.enum(EVENT_WHENS, { error: EventMsg.cursor }).default('upcoming'),
    cursor: ZEventCursor,
  }),
  data: ZEventPage,
});

/** /activity/search: events whose title, description or place hold the keyword (two Chinese characters find theirs). */
export const searchEvents = defineEndpoint({
  method: 'GET',
  path: '/v1/events/search',
  summary: '搜索社区活动',
  query: z.object({
    poiId: ZPoiId,
    keyword: z.string({ error: EventMsg.searchTooLong }).trim().max(EVENT_SEARCH_MAX_CHARS, EventMsg.searchTooLong).default(''),
    kind: z.enum(EVENT_KINDS, { error: EventMsg.kind }).optional(),
    cursor: ZEventCursor,
  }),
  data: ZEventPage,
});

/** /activity/kinds: each kind with how many of its events are still to come. */
export const listEventKinds = defineEndpoint({
  method: 'GET',
  path: '/v1/events/kinds',
  summary: '活动类型及即将开始的活动数',
  query: z.object({ poiId: ZPoiId }),
  data: z.object({ kinds: z.array(z.object({ kind: z.enum(EVENT_KINDS), upcoming: z.number().int() })) }),
});

/** One event; an event open to everyone with the link is readable by anyone logged in. */
export const getEvent = defineEndpoint({
  method: 'GET',
  path: '/v1/events/:id',
  summary: '活动详情',
  data: z.object({ event: ZEventDetail }),
});

const ZFeeFen = z.number({ error: EventMsg.fee }).int(EventMsg.fee).min(0, EventMsg.fee).max(EVENT_MAX_FEE_FEN, EventMsg.fee).nullable();

/** What staff (or a resident proposing) fill in; times are checked together by the server. */
export const ZEventBody = z.object({
  kind: z.enum(EVENT_KINDS, { error: EventMsg.kind }),
  title: z.string({ error: EventMsg.titleRequired }).trim().min(1, EventMsg.titleRequired).max(EVENT_TITLE_MAX_CHARS, EventMsg.titleTooLong),
  description: z.string({ error: EventMsg.descriptionTooLong }).trim().max(EVENT_DESCRIPTION_MAX_CHARS, EventMsg.descriptionTooLong).default(''),
  /** A hash from uploadImage (purpose `event`). */
  cover: ZImageHash.nullable().default(null),
  place: z.string({ error: EventMsg.placeRequired }).trim().min(1, EventMsg.placeRequired).max(EVENT_PLACE_MAX_CHARS, EventMsg.placeTooLong),
  /** A space of the community to reserve for the event's time (spaces, /area); null: none. */
  spaceId: z.string({ error: EventMsg.notFound }).uuid({ error: EventMsg.notFound }).nullable().default(null),
  startsAt: ZTime,
  endsAt: ZTime,
  /** Omitted: sign-up opens at once. */
  signupOpensAt: ZTime.optional(),
  /** Omitted: sign-up closes when the event starts. */
  signupClosesAt: ZTime.optional(),
  /** Omitted: sign-ups may be cancelled until two hours before the start. */
  cancelUntil: ZTime.optional(),
  capacity: z.number({ error: EventMsg.capacity }).int(EventMsg.capacity).min(1, EventMsg.capacity).max(EVENT_MAX_CAPACITY, EventMsg.capacity),
  maxCompanions: z.number({ error: EventMsg.companions }).int(EventMsg.companions).min(0, EventMsg.companions).max(EVENT_MAX_COMPANIONS, EventMsg.companions).default(0),
  audience: z.enum(EVENT_AUDIENCES, { error: EventMsg.audience }).default('residents'),
  needsPhone: z.boolean().default(false),
  feeFen: ZFeeFen.default(null),
  attendeePhotos: z.boolean().default(true),
});
export type EventBody = z.input<typeof ZEventBody>;

/**
 * Publish (the community's staff) or propose (a resident, where the community allows it: held
 * as `pending` until staff review it).
 */
export const createEvent = defineEndpoint({
  method: 'POST',
  path: '/v1/events',
  summary: '发布活动（居民发起的需审核）',
  body: ZEventBody.extend({ poiId: ZPoiId }),
  data: z.object({ id: z.string(), status: z.enum(EVENT_STATUSES) }),
});

/** Staff's edit (or the proposer's while pending): the whole event again; not after it started. */
export const editEvent = defineEndpoint({
  method: 'POST',
  path: '/v1/events/:id/edit',
  summary: '修改活动',
  body: ZEventBody,
  data: z.object({ id: z.string(), status: z.enum(EVENT_STATUSES) }),
});

const ZReason = z.string({ error: EventMsg.reasonRequired }).trim().min(1, EventMsg.reasonRequired).max(EVENT_REASON_MAX_CHARS, EventMsg.reasonTooLong);

/** Staff call an event off: every sign-up is cancelled and its person told why. */
export const cancelEvent = defineEndpoint({
  method: 'POST',
  path: '/v1/events/:id/cancel',
  summary: '取消活动（通知所有报名者）',
  body: z.object({ reason: ZReason }),
  data: z.object({ status: z.literal('cancelled'), told: z.number().int() }),
});

/** Residents' proposals waiting for staff, oldest first. */
export const listEventProposals = defineEndpoint({
  method: 'GET',
  path: '/v1/manage/events/proposals',
  summary: '待审核的居民活动',
  query: z.object({ poiId: ZPoiId }),
  data: z.object({ events: z.array(ZEventCard.extend({ proposer: z.string(), createdAt: z.number().int() })) }),
});

/** Publish a resident's proposal, or turn it down with a reason its proposer reads. */
export const reviewEvent = defineEndpoint({
  method: 'POST',
  path: '/v1/manage/events/review',
  summary: '审核居民发起的活动',
  body: z.object({
    id: z.string({ error: EventMsg.notFound }).uuid({ error: EventMsg.notFound }),
    approve: z.boolean({ error: EventMsg.notFound }),
    reason: ZReason.optional(),
  }),
  data: z.object({ status: z.enum(EVENT_STATUSES) }),
});

/** The community's choices for its events. */
export const ZEventSettings = z.object({
  /** Residents may propose events (each reviewed by staff before it shows). */
  residentsPropose: z.boolean({ error: EventMsg.notFound }),
});

export const getEventSettings = defineEndpoint({
  method: 'GET',
  path: '/v1/events/settings',
  summary: '本社区的活动设置',
  query: z.object({ poiId: ZPoiId }),
  data: ZEventSettings,
});

export const saveEventSettings = defineEndpoint({
  method: 'POST',
  path: '/v1/manage/events/settings',
  summary: '保存本社区的活动设置',
  body: ZEventSettings.extend({ poiId: ZPoiId }),
  data: ZEventSettings,
});

/** Counts for the dashboard (issue 34 item 6): per event of the period and per kind. */
export const eventStats = defineEndpoint({
  method: 'GET',
  path: '/v1/manage/events/stats',
  summary: '活动统计（按活动、按类型）',
  query: z.object({
    poiId: ZPoiId,
    /** Beijing dates, inclusive; default: the last 90 days. */
    from: z.string({ error: EventMsg.time }).regex(/^\d{4}-\d{2}-\d{2}$/, EventMsg.time).optional(),
    to: z.string({ error: EventMsg.time }).regex(/^\d{4}-\d{2}-\d{2}$/, EventMsg.time).optional(),
  }),
  data: z.object({
    kinds: z.array(z.object({ kind: z.enum(EVENT_KINDS), events: z.number().int(), signedUp: z.number().int(), attended: z.number().int() })),
    events: z.array(
      z.object({ id: z.string(), title: z.string(), kind: z.enum(EVENT_KINDS), startsAt: z.number().int(), capacity: z.number().int(), confirmed: z.number().int(), waiting: z.number().int(), attended: z.number().int() }),
    ),
  }),
});
