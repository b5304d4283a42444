import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZMobile } from '../mobile';

/** Asked again within the resend limit: says how long to wait (the page also counts it down). */
export const smsTooSoon = (seconds: number) => `验证码发送过于频繁，请${seconds}秒后再试`;
/** The seconds a smsTooSoon message names, for a page that lost its own countdown (a reload). */
export const secondsOfSmsTooSoon = (message: string): number | null => {
  const m = /^验证码发送过于频繁，请(\d+)秒后再试$/.exec(message);
  return m ? Number(m[1]) : null;
};

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
