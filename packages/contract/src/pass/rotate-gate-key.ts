import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZPoiId } from '../rules';

export const MSG_ROTATE_NOT_ALLOWED = '仅社区管理员和社区经理可更换核验密钥';

/**
 * 更换核验密钥 (not in the spec; issue 13 item 2): a new community key for pass codes, the old
 * ones retired at once – what a manager does when a duty staff phone (which holds the key for
 * checking with no signal) is lost. Residents' pages fetch the new key by themselves at their next
 * code; scanners get it at their next sync. Administrators and managers only; audited.
 */
export const rotateGateKey = defineEndpoint({
  method: 'POST',
  path: '/v1/gate/rotateKey',
  summary: '更换通行码核验密钥（执勤手机丢失时）',
  body: z.object({ poiId: ZPoiId }),
  data: z.object({ v: z.number().int() }),
});
export const rotateGateKeyCall = callOf<typeof rotateGateKey>('POST', '/v1/gate/rotateKey');
