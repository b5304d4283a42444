import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZPoiId } from '../rules';

/**
 * Whether the caller may start an owners' vote in a community, and in whose name (issue 37 item 3):
 * a member of its 业主委员会 starts one issued by the committee, its administrators and managers one
 * issued by the organiser (the community). The server decides; the resident's /vote shows its
 * 发起业主表决 entry and the form names the issuer from this answer, with no rule of its own.
 * For the community's residents, staff and committee members; anyone else is refused (403).
 */
export const getOwnersStart = defineEndpoint({
  method: 'GET',
  path: '/v1/polls/owners-start',
  summary: '能否发起业主表决、以谁的名义（业主委员会成员、社区管理员和管理人员）',
  query: z.object({ poiId: ZPoiId }),
  data: z.object({
    canStart: z.boolean(),
    /** Started by this caller, the vote is issued by the 业主委员会 (false: by the organiser). */
    committee: z.boolean(),
    /** The issuing body as the notice prints it ('' when the caller may not start one). */
    issuer: z.string(),
    /** The community's notice period: the form's first start day. */
    noticeDays: z.number().int(),
  }),
});
export { getOwnersStartCall } from './calls';
