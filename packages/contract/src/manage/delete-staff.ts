import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZPoiId } from '../rules';

export const MSG_CANNOT_DELETE = '无权删除该人员';

/** 删除执勤者 (spec §7 POST /v1/communityManager/delete). */
export const deleteStaff = defineEndpoint({
  method: 'POST',
  path: '/v1/communityManager/delete',
  summary: '删除执勤者',
  body: z.object({ poiId: ZPoiId, openId: z.string({ error: '请选择要删除的人员' }).min(1, '请选择要删除的人员').max(64) }),
  data: z.null(),
});
export const deleteStaffCall = callOf<typeof deleteStaff>('POST', '/v1/communityManager/delete');
