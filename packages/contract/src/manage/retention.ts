import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZPoiId } from '../rules';
import { RETENTION_LIMITS, type Retention } from './retention-rules';

export { RETENTION_DEFAULTS, RETENTION_LIMITS, retentionNotice, type Retention } from './retention-rules';

export const RetentionMsg = {
  notAllowed: '只有社区管理员可以修改信息保存期限',
  travelDays: `行程信息保存天数需在${RETENTION_LIMITS.travelDays.min}到${RETENTION_LIMITS.travelDays.max}之间（须长于14天的返京规则）`,
  endedDays: `失效登记保存天数需在${RETENTION_LIMITS.endedDays.min}到${RETENTION_LIMITS.endedDays.max}之间`,
  logMonths: `出入记录保存月数需在${RETENTION_LIMITS.logMonths.min}到${RETENTION_LIMITS.logMonths.max}之间`,
} as const;

export const ZRetention = z.object({
  travelDays: z.number().int(),
  endedDays: z.number().int(),
  logMonths: z.number().int(),
}) satisfies z.ZodType<Retention>;

// Pure (as defineEndpoint is): a screen that reads only the periods carries no zod.
const whole = /*#__NO_SIDE_EFFECTS__*/ (key: keyof typeof RETENTION_LIMITS) =>
  z.coerce
    .number({ error: RetentionMsg[key] })
    .int(RetentionMsg[key])
    .min(RETENTION_LIMITS[key].min, RetentionMsg[key])
    .max(RETENTION_LIMITS[key].max, RetentionMsg[key]);

/** A community's periods (its own, or the defaults): anyone may read them, they are in the privacy notice. */
export const getRetention = defineEndpoint({
  method: 'GET',
  path: '/v1/community/retention',
  summary: '本社区个人信息保存期限（行程信息、失效登记、出入记录）',
  query: z.object({ poiId: ZPoiId }),
  data: z.object({ retention: ZRetention, custom: z.boolean() }),
});
export const getRetentionCall = callOf<typeof getRetention>('GET', '/v1/community/retention');

/** Changes the periods (the community's administrators). */
export const saveRetention = defineEndpoint({
  method: 'POST',
  path: '/v1/manage/retention',
  summary: '修改本社区个人信息保存期限',
  body: z.object({ poiId: ZPoiId, travelDays: whole('travelDays'), endedDays: whole('endedDays'), logMonths: whole('logMonths') }),
  data: z.object({ retention: ZRetention }),
});
export const saveRetentionCall = callOf<typeof saveRetention>('POST', '/v1/manage/retention');
