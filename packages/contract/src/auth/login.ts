import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { SMS_CODE_LENGTH, ZMobile } from '../rules';

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
      .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), MSG_CODE_WRONG),
  }),
  data: z.object({
    token: z.string(),
    openId: z.string(),
    mobile: z.string(),
  }),
});
