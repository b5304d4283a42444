import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { CHECKINS_PER_REQUEST, CHECKIN_VIAS, EventMsg } from './event-rules';
import { ZMySignup } from './events';

/**
 * Check-in at the door (issue 34 item 3; DESIGN.md §9 "Codes that staff scan"). A confirmed
 * sign-up's code (event-code.ts) is shown as a QR and scanned by staff on the gate's scanner page
 * in its event mode (/gatescan?poiId=&event=), online or from the list downloaded before the
 * event; or the event shows a rotating door QR that signed-up people scan themselves.
 */

/** What the scanner shows for a code: who, with how many, and whether they were in already. */
export const ZCheckinVerdict = /*#__PURE__*/ z.object({
  signupId: z.string(),
  /** Screen name (a walk-in's written name). */
  name: z.string(),
  companions: z.number().int(),
  /** Checked in before (the QR held in view again, or a second scan): green, not counted again. */
  repeat: z.boolean(),
  /** Unix seconds of the (first) check-in. */
  checkedInAt: z.number().int(),
  via: z.enum(CHECKIN_VIAS),
  /** People checked in now (companions included). */
  attended: z.number().int(),
});
export type CheckinVerdict = z.output<typeof ZCheckinVerdict>;

const ZCode = z.string({ error: EventMsg.notTicket }).trim().min(1, EventMsg.notTicket).max(200, EventMsg.notTicket);

/** Staff scan a sign-up's code (online). A code of another event or community, a cancelled or waiting sign-up: refused with why. */
export const checkIn = defineEndpoint({
  method: 'POST',
  path: '/v1/manage/events/:id/checkin',
  summary: '活动签到（扫描报名码）',
  body: z.object({ code: ZCode }),
  data: ZCheckinVerdict,
});

/**
 * /activityticket?code=: a staff phone's ordinary camera opened a ticket's address. The code names
 * its event; the caller must be staff of that event's community (anyone else: 403, and the page
 * explains the code is for staff to scan).
 */
export const checkInByCode = defineEndpoint({
  method: 'POST',
  path: '/v1/manage/events/checkin-by-code',
  summary: '活动签到（手机相机打开的签到码）',
  body: z.object({ code: ZCode }),
  data: ZCheckinVerdict.extend({ eventId: z.string(), title: z.string() }),
});

/**
 * What a scanner keeps to check people in with no network: per confirmed sign-up, the SHA-256 of
 * its code's secret (hex) – enough to recognise a code, never to make one – with the name and
 * companions it shows. Renewed whenever the network answers.
 */
export const getCheckinKit = defineEndpoint({
  method: 'GET',
  path: '/v1/manage/events/:id/checkin-kit',
  summary: '活动签到离线名单',
  data: z.object({
    eventId: z.string(),
    poiId: z.string(),
    title: z.string(),
    startsAt: z.number().int(),
    endsAt: z.number().int(),
    /** Unix ms of the server when the list was made (the phone's clock offset). */
    serverTime: z.number().int(),
    /** People checked in as the list was made (companions included): the scanner's count starts there. */
    attended: z.number().int(),
    tickets: z.array(
      z.object({
        signupId: z.string(),
        /** SHA-256 (hex) of the code's secret part. */
        digest: z.string(),
        name: z.string(),
        companions: z.number().int(),
        /** Unix seconds, when already checked in as the list was made. */
        checkedInAt: z.number().int().nullable(),
      }),
    ),
  }),
});

/**
 * Scans made offline, sent when the network is back (the offline queue the gate's scans use). The
 * server has the last word: each scan is checked again, a repeat counts once, the time kept is the
 * scan's (`at`, unix ms, on the server-corrected clock) when it lies within the event's day.
 */
export const sendOfflineCheckins = defineEndpoint({
  method: 'POST',
  path: '/v1/manage/events/:id/checkins',
  summary: '上传离线签到记录',
  body: z.object({
    scans: z
      .array(z.object({ code: ZCode, at: z.number({ error: EventMsg.time }).int(EventMsg.time).min(0, EventMsg.time) }), { error: EventMsg.notTicket })
      .min(1, EventMsg.notTicket)
      .max(CHECKINS_PER_REQUEST, EventMsg.notTicket),
  }),
  data: z.object({
    results: z.array(z.object({ code: z.string(), ok: z.boolean(), message: z.string().nullable() })),
    attended: z.number().int(),
  }),
});

/**
 * The door QR staff show at the entrance (a screen or a phone): it changes every half minute, so a
 * photo sent to someone at home stops working. Its text is the address of /activitycheckin.
 */
export const getDoorCode = defineEndpoint({
  method: 'GET',
  path: '/v1/manage/events/:id/door',
  summary: '活动现场签到二维码（定时更新）',
  data: z.object({ url: z.string(), /** Unix ms until which this one is shown. */ validUntil: z.number().int(), attended: z.number().int() }),
});

/** A signed-up person scanned the door QR (/activitycheckin?id=&door=): their confirmed sign-up is checked in. */
export const doorCheckIn = defineEndpoint({
  method: 'POST',
  path: '/v1/events/:id/door-checkin',
  summary: '扫描现场二维码签到',
  body: z.object({ door: z.string({ error: EventMsg.doorCode }).trim().min(1, EventMsg.doorCode).max(200, EventMsg.doorCode) }),
  data: z.object({ signup: ZMySignup }),
});
