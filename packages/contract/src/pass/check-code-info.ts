import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZPoiId } from '../rules';
import { PASS_CODE_MAX_LENGTH } from './code-steps';

/** How often the pass page asks whether its code was scanned (spec §4 "every 2 seconds"). */
export const PASS_POLL_MS = 2000;

/** checkCodeInfo's `data`, also each event of the push channel (code-events.ts). */
export const ZCodeState = z.object({
  codeInfo: z.object({
    isUse: z.number().int(),
    pass: z.number().int(),
    /** Unix seconds of the scan, when scanned. */
    usedAt: z.number().int().nullable(),
    /** True once the code's time is up without a scan: fetch a new pass. */
    expired: z.boolean(),
  }),
  userCard: z.object({ name: z.string(), owner: z.string(), communityInfo: z.object({ community: z.string() }) }),
});

/**
 * The waiting resident's question (spec §7 POST /v1/userCard/checkCodeInfo): has my code been
 * scanned? isUse 0 waiting, 1 let through (show the greeting), -1 sent back (go to the form).
 */
export const checkCodeInfo = defineEndpoint({
  method: 'POST',
  path: '/v1/userCard/checkCodeInfo',
  summary: '通行码状态（是否已被扫码核验）',
  body: z.object({ poiId: ZPoiId, code: z.string({ error: '通行码无效' }).trim().min(1, '通行码无效').max(PASS_CODE_MAX_LENGTH, '通行码无效') }),
  data: ZCodeState,
});
export const checkCodeInfoCall = callOf<typeof checkCodeInfo>('POST', '/v1/userCard/checkCodeInfo');
