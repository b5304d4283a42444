import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZPoiId } from '../rules';
import { ZAddress, ZContact, ZDepartment, ZInfoLat, ZInfoLng, ZMapAddress, ZTypeId } from './info-entry';

/**
 * 补充信息: suggests a new entry for the community (or, with `streetId`, for its street). Held for
 * review; nothing visible changes until staff accept it.
 */
export const createInfo = defineEndpoint({
  method: 'POST',
  path: '/v1/communityInfo/create',
  summary: '补充信息（提交后待审核）',
  body: z.object({
    poiId: ZPoiId,
    department: ZDepartment,
    contact: ZContact,
    address: ZAddress,
    typeId: ZTypeId,
    lng: ZInfoLng,
    lat: ZInfoLat,
    mapAddress: ZMapAddress,
    /** Street-level addition: must be the street of `poiId`'s community. */
    streetId: z.string().trim().max(64).optional(),
  }),
  data: z.object({ _id: z.string(), status: z.number().int() }),
});
export const createInfoCall = callOf<typeof createInfo>('POST', '/v1/communityInfo/create');
