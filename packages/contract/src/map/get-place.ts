import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZPlace } from './map-item';

export const MSG_PLACE_NOT_FOUND = '该地点不存在';

/** /adetail: one place with its photos. */
export const getPlace = defineEndpoint({
  method: 'GET',
  path: '/v1/map/places/:id',
  summary: '地点详情（含照片）',
  // `id` travels in the path; it is listed so the web client fills `:id` from the same input.
  query: z.object({ id: z.string().optional() }),
  data: z.object({ place: ZPlace }),
});
export const getPlaceCall = callOf<typeof getPlace>('GET', '/v1/map/places/:id');
