import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZMobile } from '../mobile';
import { SMS_CODE_PATTERN } from '../rules';

export const MSG_CODE_REQUIRED = '请输入验证码';
/**
 * One message for every refused code – wrong, used, expired, never sent: telling them apart (or
 * counting down the tries left) would tell anyone whether a code was just sent to a number.
 */
export const MSG_CODE_WRONG = '验证码错误或已失效，请核对或重新获取';
export const MSG_CODE_FORMAT = '请输入6位数字验证码';
/** Too many failed logins from one address in a day (never said of a mobile: nobody is locked out of their own account). */
export const MSG_LOGIN_LOCKED = '登录失败次数过多，请24小时后再试';
/** Failed logins from one address come ever slower (rules.ts loginDelaySeconds). */
export const loginTooSoon = (seconds: number) => `尝试过于频繁，请${seconds}秒后再试`;

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
      .regex(SMS_CODE_PATTERN, MSG_CODE_FORMAT),
    /** After a WeChat login whose WeChat is not bound yet: binds it to this account. */
    wxTicket: z.string().trim().max(64).optional(),
  }),
  data: z.object({
    token: z.string(),
    openId: z.string(),
    mobile: z.string(),
    /** A WeChat was just bound and the account has no name of its own: ask WeChat for one. */
    wantName: z.boolean().optional(),
  }),
});
export const loginCall = callOf<typeof login>('POST', '/v1/auth/login');
