import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';

/**
 * Asked once after a login: a registration of the caller's (or one staff entered for their
 * mobile and not yet theirs) that they have not agreed the privacy notice for, so the app shows
 * the notice at once. `poiId` null when there is none.
 */
export const getPendingNotice = defineEndpoint({
  method: 'GET',
  path: '/v1/userCard/notice',
  summary: '登录后是否需要先阅读个人信息处理说明（工作人员代为登记的人）',
  data: z.object({ poiId: z.string().nullable(), community: z.string() }),
});
export const getPendingNoticeCall = callOf<typeof getPendingNotice>('GET', '/v1/userCard/notice');
