import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZPoiId } from '../rules';

/** Spec §3 "Community", plus its street (街道) so the home page's 街道 tab can load. */
export const ZCommunity = z.object({
  poiId: z.string(),
  community: z.string(),
  pname: z.string(),
  cityname: z.string(),
  adname: z.string(),
  address: z.string(),
  lng: z.number(),
  lat: z.number(),
  /** '' when the community's street is not known. */
  streetId: z.string(),
  streetName: z.string(),
});
export type Community = z.infer<typeof ZCommunity>;

export const getCommunity = defineEndpoint({
  method: 'GET',
  path: '/v1/mobile/community/info',
  summary: '社区信息',
  query: z.object({ poiId: ZPoiId }),
  data: z.object({ community: ZCommunity }),
});
export const getCommunityCall = callOf<typeof getCommunity>('GET', '/v1/mobile/community/info');
