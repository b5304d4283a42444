import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZLat, ZLng, ZPage, ZPlace } from './map-item';
import { MSG_BAD_SERVICE_CATEGORY, SERVICE_CATEGORY_IDS, type ServiceCategory } from './service-categories';

/** 社区服务 list (/around?service=…): places of one service category nearby, 20 a page, nearest first. */
export const listServicePlaces = defineEndpoint({
  method: 'GET',
  path: '/v1/map/services',
  summary: '社区服务（十类服务的周边地点）',
  query: z.object({
    category: z.enum(SERVICE_CATEGORY_IDS as [ServiceCategory, ...ServiceCategory[]], { error: MSG_BAD_SERVICE_CATEGORY }),
    lng: ZLng,
    lat: ZLat,
    page: ZPage,
  }),
  data: z.object({ places: z.array(ZPlace) }),
});
export const listServicePlacesCall = callOf<typeof listServicePlaces>('GET', '/v1/map/services');
