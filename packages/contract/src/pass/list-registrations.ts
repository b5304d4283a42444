import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZExportFields, ZExportQuery } from '../manage/export';
import { ZPoiId } from '../rules';
import { ZRegistrationMasked } from './registration-schemas';

/** A staff list page holds 20: a phone screen and a half, loaded on scroll. */
export const REGISTRATION_PAGE_SIZE = 20;
export const MSG_KEYWORD_REQUIRED = '请输入搜索内容';

/** 登记记录 (spec §7 POST /v1/userCard/list): staff only, mobile and ID masked. */
export const listRegistrations = defineEndpoint({
  method: 'POST',
  path: '/v1/userCard/list',
  summary: '登记记录（按状态、关键字；含各状态数量）',
  body: z.object({
    poiId: ZPoiId,
    /** Part of a name, or a whole mobile or ID number. */
    keyword: z.string().trim().max(32, '搜索内容过长').optional(),
    status: z.coerce.number().int().refine((v) => [0, 1, -1].includes(v), '状态不正确').optional(),
    page: z.coerce.number().int().min(1, '页码不正确').max(10_000, '页码不正确').default(1),
  }).extend(ZExportFields),
  query: ZExportQuery,
  data: z.object({
    userCards: z.array(ZRegistrationMasked),
    /** Counts per tab: status_0 pending, status_1 approved, status_2 returned (-1). */
    status_0: z.number().int(),
    status_1: z.number().int(),
    status_2: z.number().int(),
  }),
});
export const listRegistrationsCall = callOf<typeof listRegistrations>('POST', '/v1/userCard/list');
