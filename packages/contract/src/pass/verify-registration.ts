import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZPoiId } from '../rules';
import { PASS_CODE_MAX_LENGTH } from './code-steps';

export const MSG_TRANSITION_NOT_ALLOWED = '该登记当前状态不能进行此操作';
export const MSG_REASON_TOO_LONG = '退回原因请不超过100字';
export const REASON_MAX = 100;

/**
 * 审核 (spec §7 POST /v1/userCard/verify): approve (0→1), send back (0→-1) or revoke (1→-1).
 * With the scanned `code`, a send-back also tells the waiting resident's page (isUse -1).
 */
export const verifyRegistration = defineEndpoint({
  method: 'POST',
  path: '/v1/userCard/verify',
  summary: '审核登记：通过、退回或撤销',
  body: z.object({
    poiId: ZPoiId,
    _id: z.string({ error: '记录编号不正确' }).uuid('记录编号不正确'),
    status: z.coerce.number({ error: '审核结果不正确' }).int().refine((v) => v === 1 || v === -1, '审核结果不正确'),
    openId: z.string().max(64).optional(),
    code: z.string().trim().max(PASS_CODE_MAX_LENGTH).optional(),
    pass: z.coerce.number().int().optional(),
    /** Why it is sent back or revoked, shown to the person; optional for older clients. */
    reason: z.string().trim().max(REASON_MAX, MSG_REASON_TOO_LONG).optional(),
  }),
  data: z.object({ _id: z.string(), status: z.number().int() }),
});
export const verifyRegistrationCall = callOf<typeof verifyRegistration>('POST', '/v1/userCard/verify');
