import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';

export const MSG_NO_WECHAT = '您的账号没有绑定微信';

/**
 * 解除微信绑定: the WeChat identity bound to the caller's account is deleted (its openid with it);
 * WeChat login and WeChat notices stop until the person binds again by logging in with WeChat
 * and their mobile. Other sessions stay: they were opened with the mobile as much as with WeChat.
 */
export const unbindWechat = defineEndpoint({
  method: 'POST',
  path: '/v1/mydata/unbindWechat',
  summary: '解除本人账号的微信绑定',
  data: z.object({ unbound: z.literal(true) }),
});
export const unbindWechatCall = callOf<typeof unbindWechat>('POST', '/v1/mydata/unbindWechat');
