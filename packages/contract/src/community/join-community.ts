import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZPoiId } from '../rules';

/**
 * Chooses the user's community (spec §7 `edit`). `join` 1 also joins it: moveTime becomes now,
 * which correcting and adding info require (spec §4). `join` 0 only chooses it (moveTime 0).
 */
export const joinCommunity = defineEndpoint({
  method: 'POST',
  path: '/v1/mobile/community/edit',
  summary: '选择并加入社区（join=1 设置 moveTime）',
  body: z.object({
    poiId: ZPoiId,
    join: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: '请求参数不正确（join）' }).default(1),
  }),
  data: z.object({ community: z.string(), moveTime: z.number().int() }),
});
export const joinCommunityCall = callOf<typeof joinCommunity>('POST', '/v1/mobile/community/edit');
