import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';

export const logout = defineEndpoint({
  method: 'POST',
  path: '/v1/auth/logout',
  summary: '退出登录（吊销当前令牌）',
  body: z.object({}),
  data: z.null(),
});
export const logoutCall = callOf<typeof logout>('POST', '/v1/auth/logout');
