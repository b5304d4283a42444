import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZPoiId } from '../rules';

/** Staff levels (spec §3): 1 community manager, 2 duty staff 执勤者. */
export const StaffLevel = { manager: 1, duty: 2 } as const;

/** 执勤者管理 (spec §7 GET /v1/communityManager): the caller's own role and the staff list. */
export const listStaff = defineEndpoint({
  method: 'GET',
  path: '/v1/communityManager',
  summary: '执勤者列表与本人角色',
  query: z.object({ poiId: ZPoiId }),
  data: z.object({
    /** The caller here: 1 administrator, 2 manager, 0 duty staff. */
    isAdmin: z.number().int(),
    managers: z.array(
      z.object({
        username: z.string(),
        /** Masked: the list is on screens at the gate. */
        mobile: z.string(),
        openId: z.string(),
        level: z.number().int(),
        /** Whether the caller may delete this person (the page shows the button only then). */
        deletable: z.boolean(),
      }),
    ),
  }),
});
export const listStaffCall = callOf<typeof listStaff>('GET', '/v1/communityManager');
