import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZLat, ZLng, ZPage, ZPlace } from './map-item';
import { MSG_BAD_PLACE_TYPE, PLACE_TYPE_IDS, type PlaceType } from './place-types';

export const ZPlaceType = z.coerce
  .number({ error: MSG_BAD_PLACE_TYPE })
  .refine((n): n is PlaceType => (PLACE_TYPE_IDS as number[]).includes(n), MSG_BAD_PLACE_TYPE);

/** Nearby list (/around): 20 a page, nearest first; a page with fewer than 20 is the last. */
export const listPlaces = defineEndpoint({
  method: 'GET',
  path: '/v1/map/places',
  summary: '周边地点（美食、超市、商场、银行、药店、酒店、休闲）',
  query: z.object({ type: ZPlaceType, lng: ZLng, lat: ZLat, page: ZPage }),
  data: z.object({ places: z.array(ZPlace) }),
});
export const listPlacesCall = callOf<typeof listPlaces>('GET', '/v1/map/places');
