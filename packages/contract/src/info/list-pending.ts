import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { MSG_SCOPE_REQUIRED, ZScope, ZSubmission } from './info-entry';

/**
 * Review queue: pending submissions of a community (its staff) or of a street (platform
 * operators), each with the entry it would change, oldest first.
 */
export const listPending = defineEndpoint({
  method: 'GET',
  path: '/v1/communityInfo/pending',
  summary: '待审核的纠错和补充信息（社区管理人员 / 平台运营）',
  query: z.object(ZScope).refine((q) => Boolean(q.poiId || q.streetId), MSG_SCOPE_REQUIRED),
  data: z.object({ submissions: z.array(ZSubmission) }),
});
export const listPendingCall = callOf<typeof listPending>('GET', '/v1/communityInfo/pending');
