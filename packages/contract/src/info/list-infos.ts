import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZInfo, ZScope, MSG_SCOPE_REQUIRED } from './info-entry';

/** The 社区 or 街道 tab of the home page: one page of entries; an empty page is the end (spec §7). */
export const listInfos = defineEndpoint({
  method: 'GET',
  path: '/v1/communityInfo/index',
  summary: '社区或街道的联系信息（分页）',
  query: z
    .object(ZScope)
    .extend({
      page: z.coerce.number({ error: '页码不正确' }).int('页码不正确').min(1, '页码不正确').max(1000, '页码不正确').default(1),
    })
    .refine((q) => Boolean(q.poiId || q.streetId), MSG_SCOPE_REQUIRED),
  data: z.object({ infos: z.array(ZInfo), page: z.number().int() }),
});
export const listInfosCall = callOf<typeof listInfos>('GET', '/v1/communityInfo/index');
