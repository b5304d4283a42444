import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZPoiId } from '../rules';

/** The neighbours page shows a link to the whole list at 24 neighbours or more (spec §9). */
export const NEIGHBOURS_LINK_AT = 24;
/** Neighbours come in pages of 60: a few screens of avatars, one request. */
export const NEIGHBOURS_PAGE_SIZE = 60;

/** A neighbour as others see them: never a mobile number or anything that leads to one. */
export const ZNeighbour = z.object({ openId: z.string(), avatar: z.string(), username: z.string() });
export type Neighbour = z.infer<typeof ZNeighbour>;

/** 社区邻友: people who joined the community, newest first. */
export const listUsers = defineEndpoint({
  method: 'GET',
  path: '/v1/mobile/community/users',
  summary: '社区邻友列表',
  query: z.object({
    poiId: ZPoiId,
    page: z.coerce.number({ error: '页码不正确' }).int('页码不正确').min(1, '页码不正确').max(1000, '页码不正确').default(1),
  }),
  data: z.object({ users: z.array(ZNeighbour), total: z.number().int() }),
});
export const listUsersCall = callOf<typeof listUsers>('GET', '/v1/mobile/community/users');
