import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';

/**
 * The communities the logged-in account belongs to, whichever phone asks: where it has a
 * registration (its own, or one staff entered for its mobile), a home in the unit register, or a
 * staff role. A new phone, a cleared browser or an imported resident's first login finds the pass
 * from here instead of from the first phone's local storage (issue 32 item 13).
 */
export const ZMyCommunity = z.object({
  poiId: z.string(),
  community: z.string(),
  /** The registration's status here (0 pending, 1 approved, -1 returned), null when there is none. */
  pass: z.number().int().nullable(),
  /** With pass -1: the approved pass was revoked (撤销), not sent back in review. */
  revoked: z.boolean(),
  /** A home of this account's mobile is in the community's unit register. */
  home: z.boolean(),
  /** Administrator, manager or duty staff here. */
  staff: z.boolean(),
});
export type MyCommunity = z.infer<typeof ZMyCommunity>;

export const myCommunities = defineEndpoint({
  method: 'GET',
  path: '/v1/mobile/community/mine',
  summary: '我所属的社区（通行证、房屋、执勤）',
  data: z.object({ communities: z.array(ZMyCommunity) }),
});
export const myCommunitiesCall = callOf<typeof myCommunities>('GET', '/v1/mobile/community/mine');
