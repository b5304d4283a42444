import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { POINT_REASONS } from './level-rules';

/** 会员等级 (issue 35 item 4): the caller's points, level, the next level and the history of awards (newest first, paged). */
export const getMyLevel = defineEndpoint({
  method: 'GET',
  path: '/v1/levels/mine',
  summary: '我的会员等级和积分',
  query: z.object({ cursor: z.string({ error: '分页参数不正确' }).max(200, '分页参数不正确').optional() }),
  data: z.object({
    points: z.number().int(),
    level: z.number().int(),
    /** The next level, null at the top. */
    nextLevel: z.object({ level: z.number().int(), from: z.number().int(), pointsToGo: z.number().int() }).nullable(),
    history: z.array(z.object({ id: z.string(), reason: z.enum(POINT_REASONS), points: z.number().int(), at: z.number().int() })),
    next: z.string().nullable(),
  }),
});
