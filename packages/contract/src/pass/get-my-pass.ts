import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZPoiId } from '../rules';
import { ZDirection, ZPassView } from './pass-view';

/**
 * The pass page's data (spec §7 GET /v1/userCard/my) with the single-use code of that direction:
 * the live one while it has 30 s left (every page of the person shows the same code), else a new
 * one that ends the older ones – a person holds one valid code per direction.
 */
export const getMyPass = defineEndpoint({
  method: 'GET',
  path: '/v1/userCard/my',
  summary: '我的通行证（含一次性通行码）',
  query: z.object({ poiId: ZPoiId, pass: /*#__PURE__*/ ZDirection.default(1) }),
  data: z.object({
    userCard: ZPassView,
    /** '1' when the caller is staff of this community (the pass page shows the management link). */
    isManager: z.enum(['0', '1']),
    /**
     * True when the person has a registration here that they have not agreed the privacy notice
     * for (staff entered it, or an old client sent it): the page shows the notice first.
     */
    notice: z.boolean(),
  }),
});
export const getMyPassCall = callOf<typeof getMyPass>('GET', '/v1/userCard/my');
