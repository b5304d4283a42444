import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZLat, ZLng, ZMapCommunity } from './map-item';

/** The community chooser's list: residential places within 1000 m, nearest first (spec §2, §9). */
export const nearbyCommunities = defineEndpoint({
  method: 'GET',
  path: '/v1/map/communities/nearby',
  summary: '附近的小区/社区（1000 米内，由近到远）',
  query: z.object({ lng: ZLng, lat: ZLat }),
  data: z.object({ communities: z.array(ZMapCommunity) }),
});
export const nearbyCommunitiesCall = callOf<typeof nearbyCommunities>('GET', '/v1/map/communities/nearby');
