import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZPoiId } from '../rules';
import { ZPollListPage, ZResidentPollItem } from './list-polls';

/**
 * /vote: the polls published to one community and its owners' votes, for its residents (an
 * approved pass other than a visitor's, or a home in its register) and its staff. An owners' vote
 * is listed to those who may open it: its owners, the community's staff, its creator. Open ones
 * first, soonest deadline first; then closed ones, newest deadline first; 20 a page.
 */
export const listCommunityPolls = defineEndpoint({
  method: 'GET',
  path: '/v1/polls/community',
  summary: '本小区的投票和业主表决（本小区居民和工作人员）',
  query: z.object({ poiId: ZPoiId, page: ZPollListPage }),
  data: z.object({ polls: z.array(ZResidentPollItem) }),
});
export { listCommunityPollsCall } from './calls';
