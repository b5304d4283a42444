import { z } from 'zod';
import { callOf, defineEndpoint } from './endpoint';

export const health = defineEndpoint({
  method: 'GET',
  path: '/healthz',
  summary: '健康检查（含数据库）',
  data: z.object({
    database: z.enum(['embedded', 'postgres']),
    /** The server's clock (Unix ms) when it answered: /test measures the phone's clock against it (the rotating pass runs on the server's time). */
    serverTime: /*#__PURE__*/ z.number().int(),
  }),
});
export const healthCall = callOf<typeof health>('GET', '/healthz');
