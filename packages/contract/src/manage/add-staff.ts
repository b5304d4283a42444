import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { MOBILE_PATTERN, MSG_MOBILE_INVALID, ZPoiId } from '../rules';

export const AddStaffMsg = {
  name: '请输入执勤者姓名',
  mobile: '请输入手机号',
  notRegistered: '该手机号尚未注册，请让对方先用此手机号登录一次',
  duplicate: '该用户已是本社区的管理人员',
} as const;
/** Names as shown on the staff list: long enough for any real name with a note. */
export const STAFF_NAME_MAX = 20;

/**
 * 添加执勤者 (spec §7 POST /v1/communityManager). `level` counts only when an administrator adds
 * (1 manager or 2 duty staff); everyone else adds duty staff.
 */
// The message is looked up inside: a property read at the call would keep this schema in bundles
// that never use it (docs/decisions/web-performance.md, "zod out of the first load").
const msg = /*#__NO_SIDE_EFFECTS__*/ (field: keyof typeof AddStaffMsg) => AddStaffMsg[field];

export const addStaff = defineEndpoint({
  method: 'POST',
  path: '/v1/communityManager',
  summary: '添加执勤者或社区经理',
  body: z.object({
    poiId: ZPoiId,
    name: z.string({ error: msg('name') }).trim().min(1, msg('name')).max(STAFF_NAME_MAX, `姓名不能超过${STAFF_NAME_MAX}个字`),
    mobile: z.string({ error: msg('mobile') }).trim().min(1, msg('mobile')).regex(MOBILE_PATTERN, MSG_MOBILE_INVALID),
    level: z.coerce.number().int().refine((v) => v === 1 || v === 2, '身份不正确').optional(),
  }),
  data: z.object({ openId: z.string(), level: z.number().int() }),
});
export const addStaffCall = callOf<typeof addStaff>('POST', '/v1/communityManager');
