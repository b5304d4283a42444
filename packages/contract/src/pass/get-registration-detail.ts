import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZPoiId } from '../rules';
import { ZDirection } from './pass-view';
import { ZRegistrationDetail } from './registration-schemas';
import { PASS_CODE_MAX_LENGTH } from './code-steps';

export const MSG_CODE_USED = '该通行码已使用，请让对方刷新通行证';
export const MSG_CODE_EXPIRED = '该通行码已过期，请让对方刷新通行证';
export const MSG_CODE_UNKNOWN = '通行码无效';
/** What staff do about an unknown (forged, garbled, another community's) code: the scanners say it after MSG_CODE_UNKNOWN. */
export const CODE_UNKNOWN_ADVICE = '请对方刷新通行证后重新扫码';
export const MSG_PASS_NOT_VALID = '该通行证当前不可用';

/**
 * The staff detail view (spec §7 POST /v1/userCard/userInfo). With `code` it is the gate scan: the
 * code is used up and the entry or exit logged in one transaction. With `_id` it opens a record.
 */
export const getRegistrationDetail = defineEndpoint({
  method: 'POST',
  path: '/v1/userCard/userInfo',
  summary: '登记详情（扫码核验时记录出入）',
  body: z
    .object({
      poiId: ZPoiId,
      openId: z.string().max(64).optional(),
      code: z.string().trim().max(PASS_CODE_MAX_LENGTH).optional(),
      _id: z.string().uuid('记录编号不正确').optional(),
      pass: /*#__PURE__*/ ZDirection.optional(),
    })
    .refine((b) => Boolean(b.code || b._id), { message: '请提供通行码或记录编号' }),
  data: z.object({
    userCard: ZRegistrationDetail,
    /**
     * Present when the scanned pass is an invited visitor's (not in the spec): `userCard` then
     * describes the visitor (owner 访客, address the inviter's), and this the invitation.
     */
    visit: z
      .object({
        inviter: z.string(),
        inviterAddress: z.string(),
        start: z.number().int(),
        end: z.number().int(),
        entries: z.number().int(),
        entriesUsed: z.number().int(),
        cancelled: z.boolean(),
      })
      .optional(),
    /** Present after a gate scan: the direction logged. */
    scan: z
      .object({
        pass: z.number().int(),
        at: z.number().int(),
        /** The pass as the gate sees it now: 1 normal, -3 back in the city within 14 days (check it). */
        ptype: z.number().int(),
        /** Days since returning, for ptype -3. */
        backDay: z.number().int().nullable(),
        /** The same staff member opened this code again just now: nothing new was logged. */
        repeat: z.boolean(),
      })
      .nullable(),
  }),
});
export const getRegistrationDetailCall = callOf<typeof getRegistrationDetail>('POST', '/v1/userCard/userInfo');
