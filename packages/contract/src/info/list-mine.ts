import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZPoiId } from '../rules';
import { ZSubmission } from './info-entry';

/** The caller's own submissions for a community (and its street), newest first: "is mine reviewed yet?" */
export const listMine = defineEndpoint({
  method: 'GET',
  path: '/v1/communityInfo/mine',
  summary: '我提交的纠错和补充信息',
  query: z.object({ poiId: ZPoiId }),
  data: z.object({ submissions: z.array(ZSubmission) }),
});
export const listMineCall = callOf<typeof listMine>('GET', '/v1/communityInfo/mine');
