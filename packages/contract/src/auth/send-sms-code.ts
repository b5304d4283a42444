import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZMobile } from '../rules';

export const MSG_SMS_TOO_SOON = '验证码发送过于频繁，请稍后再试';

export const sendSmsCode = defineEndpoint({
  method: 'POST',
  path: '/v1/auth/smsCode',
  summary: '发送短信验证码',
  body: z.object({ mobile: ZMobile }),
  data: z.object({
    /** Seconds until another code may be requested for this mobile. */
    resendAfter: z.number().int(),
    /** Only with the `log` SMS provider (development): the code itself, so a tester can log in. */
    devCode: z.string().optional(),
  }),
});
export const sendSmsCodeCall = callOf<typeof sendSmsCode>('POST', '/v1/auth/smsCode');
