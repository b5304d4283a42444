import { z } from 'zod';
import { callOf, defineEndpoint } from './endpoint';

export const health = defineEndpoint({
  method: 'GET',
  path: '/healthz',
  summary: '健康检查（含数据库）',
  data: z.object({ database: z.enum(['embedded', 'postgres']) }),
});
export const healthCall = callOf<typeof health>('GET', '/healthz');
