import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZPoiId } from '../rules';
import { MSG_INFO_NOT_FOUND, ZAddress, ZContact, ZDepartment, ZInfoLat, ZInfoLng, ZMapAddress, ZTypeId } from './info-entry';

/** 纠错: suggests a correction of entry `infoId` (of the community or its street). Held for review. */
export const reportInfo = defineEndpoint({
  method: 'POST',
  path: '/v1/communityInfo/report',
  summary: '信息纠错（提交后待审核）',
  body: z.object({
    poiId: ZPoiId,
    infoId: z.string({ error: MSG_INFO_NOT_FOUND }).trim().min(1, MSG_INFO_NOT_FOUND).max(64, MSG_INFO_NOT_FOUND),
    department: ZDepartment,
    contact: ZContact,
    address: ZAddress,
    /** Optional: the spec's payload has none, and then the category stays as it is. */
    typeId: /*#__PURE__*/ ZTypeId.optional(),
    lng: ZInfoLng,
    lat: ZInfoLat,
    mapAddress: ZMapAddress,
  }),
  data: z.object({ _id: z.string(), status: z.number().int() }),
});
export const reportInfoCall = callOf<typeof reportInfo>('POST', '/v1/communityInfo/report');
