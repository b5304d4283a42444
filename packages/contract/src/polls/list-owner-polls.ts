import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZPoiId } from '../rules';
import { ZPollListItem } from './list-polls';

/** 业主表决 of one community, newest first, for its staff (administrators and managers create them). */
export const listOwnerPolls = defineEndpoint({
  method: 'POST',
  path: '/v1/manage/ownerPolls',
  summary: '本小区的业主表决列表',
  body: z.object({ poiId: ZPoiId }),
  data: z.object({
    polls: z.array(ZPollListItem.extend({ secret: z.boolean(), votedUnits: z.number().int(), totalUnits: z.number().int() })),
    /** Whether the caller may start one (administrator or manager, not duty staff). */
    canCreate: z.boolean(),
  }),
});
export { listOwnerPollsCall } from './calls';
