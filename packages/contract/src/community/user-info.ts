import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';

/** What the spec calls "User info": the current community (poiId), token, moveTime and mobile. */
export const ZUserInfo = z.object({
  /** poiId of the current community, '' when none is chosen. */
  community: z.string(),
  token: z.string(),
  /** Unix seconds when the user joined `community`; 0 means chosen but not joined. */
  moveTime: z.number().int(),
  mobile: z.string(),
  openId: z.string(),
});
export type UserInfo = z.infer<typeof ZUserInfo>;

export const postUserInfo = defineEndpoint({
  method: 'POST',
  path: '/v1/mobile/community/userInfo',
  summary: '当前用户信息（社区、令牌、加入时间、手机号）',
  body: z.object({}),
  data: ZUserInfo,
});
export const postUserInfoCall = callOf<typeof postUserInfo>('POST', '/v1/mobile/community/userInfo');

/**
 * Called once at start-up in a normal browser with `ckdata=1`: the session cookie set at login
 * on this host is turned into a token the page keeps in local storage (spec §7).
 */
export const getUserInfo = defineEndpoint({
  method: 'GET',
  path: '/v1/mobile/community/userInfo',
  summary: '浏览器启动时取回登录状态（ckdata=1）',
  query: z.object({ ckdata: z.string().optional() }),
  data: ZUserInfo,
});
export const getUserInfoCall = callOf<typeof getUserInfo>('GET', '/v1/mobile/community/userInfo');
