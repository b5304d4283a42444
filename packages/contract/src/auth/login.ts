import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { SMS_CODE_PATTERN, ZMobile } from '../rules';

export const MSG_CODE_REQUIRED = '请输入验证码';
export const MSG_CODE_WRONG = '验证码错误';
export const MSG_CODE_EXPIRED = '验证码已失效，请重新获取';

export const login = defineEndpoint({
  method: 'POST',
  path: '/v1/auth/login',
  summary: '短信验证码登录',
  body: z.object({
    mobile: ZMobile,
    code: z
      .string({ error: MSG_CODE_REQUIRED })
      .trim()
      .min(1, MSG_CODE_REQUIRED)
      .regex(SMS_CODE_PATTERN, MSG_CODE_WRONG),
  }),
  data: z.object({
    token: z.string(),
    openId: z.string(),
    mobile: z.string(),
  }),
});
export const loginCall = callOf<typeof login>('POST', '/v1/auth/login');
