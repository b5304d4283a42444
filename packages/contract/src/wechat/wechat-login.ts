import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';

/** Where the browser goes for WeChat login (a redirect to WeChat, not an API answer). */
export const WECHAT_AUTHORIZE_PATH = '/v1/auth/wechat/authorize';
/** Where WeChat sends the browser back. */
export const WECHAT_CALLBACK_PATH = '/v1/auth/wechat/callback';
/** The login page's `wx` parameter: the ticket that binds this WeChat once the mobile is proven. */
export const WECHAT_TICKET_PARAM = 'wx';
/** The login page's `wxerr` parameter: WeChat login did not complete. */
export const WECHAT_ERROR_PARAM = 'wxerr';

export const MSG_WECHAT_FAILED = '微信登录未完成，请重试或使用手机号登录';
export const MSG_WECHAT_TICKET = '微信授权已过期，请重新点击微信登录';

/** Whether this deployment offers WeChat login (WECHAT_APP_ID and WECHAT_APP_SECRET set). */
export const getWechatConfig = defineEndpoint({
  method: 'GET',
  path: '/v1/auth/wechat/config',
  summary: '是否提供微信登录',
  data: z.object({ enabled: z.boolean() }),
});
export const getWechatConfigCall = callOf<typeof getWechatConfig>('GET', '/v1/auth/wechat/config');
