import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';

/** 小区列表 (spec §7 POST /v1/mobile/community/manage): the communities the caller administers. */
export const getManagedCommunities = defineEndpoint({
  method: 'POST',
  path: '/v1/mobile/community/manage',
  summary: '我管理的社区（含登记数、出入记录数）',
  body: z.object({}),
  data: z.object({
    username: z.string(),
    mobile: z.string(),
    communitys: z.array(
      z.object({
        community: z.string(),
        poiId: z.string(),
        /** Registrations of all statuses. */
        reg_nums: z.number().int(),
        /** Entry and exit log lines. */
        sign_logs: z.number().int(),
      }),
    ),
  }),
});
export const getManagedCommunitiesCall = callOf<typeof getManagedCommunities>('POST', '/v1/mobile/community/manage');
