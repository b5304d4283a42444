import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { MSG_SCOPE_REQUIRED, ZScope } from './info-entry';

/** Whether the caller reviews this community's (or street's) submissions, and how many wait. */
export const reviewStatus = defineEndpoint({
  method: 'GET',
  path: '/v1/communityInfo/reviewStatus',
  summary: '当前用户能否审核，以及待审核数量',
  query: z.object(ZScope).refine((q) => Boolean(q.poiId || q.streetId), MSG_SCOPE_REQUIRED),
  data: z.object({ canReview: z.boolean(), pending: z.number().int() }),
});
export const reviewStatusCall = callOf<typeof reviewStatus>('GET', '/v1/communityInfo/reviewStatus');
