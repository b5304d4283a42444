import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZPoiId } from '../rules';
import { ZDirection } from './pass-view';
import { PASS_CODE_MAX_LENGTH } from './code-steps';

/**
 * The rush-hour scanner's check (not in the spec): the duty staff's camera read a pass QR at a
 * gate whose direction was chosen once. The code is used up and the entry or exit logged as with
 * `/v1/userCard/userInfo`, but the answer is only the verdict – name, pass type, direction – so a
 * queue of scans reads nobody's whole numbers. Refusals come as the usual envelope with the
 * reason (过期, 已使用, 无效, 不可用).
 */
export const gateScan = defineEndpoint({
  method: 'POST',
  path: '/v1/gate/scan',
  summary: '连续扫码核验（通行码，返回核验结果）',
  body: z.object({
    poiId: ZPoiId,
    code: z.string({ error: '通行码无效' }).trim().min(1, '通行码无效').max(PASS_CODE_MAX_LENGTH, '通行码无效'),
    /** The gate's direction, chosen once on the scanner: what the log records. */
    pass: ZDirection,
  }),
  data: z.object({
    name: z.string(),
    /** 业主, 租户, 公司, 访客. */
    owner: z.string(),
    /** 1 normal, -3 back in the city within 14 days (the staff should look closer). */
    ptype: z.number().int(),
    backDay: z.number().int().nullable(),
    /** The direction logged. */
    pass: z.number().int(),
    /** Unix seconds of the entry or exit. */
    at: z.number().int(),
    /** This scanner used this code just now: nothing new was logged. */
    repeat: z.boolean(),
  }),
});
export const gateScanCall = callOf<typeof gateScan>('POST', '/v1/gate/scan');
