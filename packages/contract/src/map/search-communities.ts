import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZKeyword, ZLat, ZLng, ZMapCommunity } from './map-item';

/** /search: communities by name in the fixed city (spec §9); distances when the user's point is given. */
export const searchCommunities = defineEndpoint({
  method: 'GET',
  path: '/v1/map/communities/search',
  summary: '按名称搜索小区/社区',
  query: z.object({ keyword: ZKeyword, lng: /*#__PURE__*/ ZLng.optional(), lat: /*#__PURE__*/ ZLat.optional() }),
  data: z.object({ communities: z.array(ZMapCommunity) }),
});
export const searchCommunitiesCall = callOf<typeof searchCommunities>('GET', '/v1/map/communities/search');
