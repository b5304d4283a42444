import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZPoiId } from '../rules';

export const MSG_NO_REGISTRATION = '您在该社区没有登记信息';

/**
 * Deletes the caller's registration in one community (PIPL art. 47): the pass stops working at
 * once; the gate's entry/exit lines stay until the community's log period ends (they are its
 * security record), and staff actions on it stay in 操作日志.
 */
export const deleteMyRegistration = defineEndpoint({
  method: 'POST',
  path: '/v1/mydata/deleteRegistration',
  summary: '删除本人在某社区的出入登记（通行证随即失效）',
  body: z.object({ poiId: ZPoiId }),
  data: z.object({ deleted: z.literal(true) }),
});
export const deleteMyRegistrationCall = callOf<typeof deleteMyRegistration>('POST', '/v1/mydata/deleteRegistration');
