import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';

export const ZInfoType = z.object({ _id: z.number().int(), typeName: z.string() });
export type InfoType = z.infer<typeof ZInfoType>;

/**
 * Info types (物业, 居委会 …). The spec's clients read `data[1]`, so `data` keeps that two-slot
 * shape: slot 0 is always null, slot 1 the list in display order.
 */
export const listTypes = defineEndpoint({
  method: 'GET',
  path: '/v1/communityInfo/types',
  summary: '信息类别（data[1]）',
  query: z.object({}),
  data: z.tuple([z.null(), z.array(ZInfoType)]),
});
export const listTypesCall = callOf<typeof listTypes>('GET', '/v1/communityInfo/types');
