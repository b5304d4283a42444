import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZPoiId } from '../rules';

/** How many of the longest-waiting reviews the dashboard lists. */
export const DASHBOARD_WAITING_ROWS = 10;
/** The longer window of daily figures, in days (today included). */
export const DASHBOARD_DAYS = 30;

export const MSG_DASHBOARD_NOT_ALLOWED = '仅社区管理员和社区经理可查看统计';
export const MSG_DASHBOARD_NO_COMMUNITY = '您还没有管理的社区';

const ZTraffic = z.object({ entries: z.number().int(), exits: z.number().int() });

/**
 * 统计概览: a community's gate traffic and reviews for its administrator or manager; without
 * poiId, everything an administrator administers, added up. Counts are of the same rows the
 * lists and exports show, days and hours in Beijing time.
 */
export const getDashboard = defineEndpoint({
  method: 'POST',
  path: '/v1/manage/dashboard',
  summary: '统计概览（出入、登记、待审核）',
  body: z.object({ poiId: ZPoiId.optional() }),
  data: z.object({
    /** The communities counted. */
    communities: z.array(z.object({ poiId: z.string(), community: z.string() })),
    /** Beijing date of today, YYYY-MM-DD. */
    today: z.string(),
    /** Today's entries and exits by hour, 24 rows (hour 0–23). */
    hours: z.array(ZTraffic.extend({ hour: z.number().int() })),
    /** The last DASHBOARD_DAYS days, oldest first, today last. */
    days: z.array(ZTraffic.extend({ date: z.string() })),
    registrations: z.object({ pending: z.number().int(), approved: z.number().int(), returned: z.number().int() }),
    /** Pending registrations, longest waiting first. */
    waiting: z.array(
      z.object({
        _id: z.string(),
        poiId: z.string(),
        community: z.string(),
        name: z.string(),
        owner: z.string(),
        /** When it was (re)submitted, unix seconds. */
        since: z.number().int(),
      }),
    ),
  }),
});
export const getDashboardCall = callOf<typeof getDashboard>('POST', '/v1/manage/dashboard');
