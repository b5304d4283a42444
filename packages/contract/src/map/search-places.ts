import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZKeyword, ZLat, ZLng, ZPlace } from './map-item';

/** The map picker's search box: any place or address by keyword, nearest first when a point is given. */
export const searchPlaces = defineEndpoint({
  method: 'GET',
  path: '/v1/map/search',
  summary: '地图选点：按关键字搜索地点',
  query: z.object({ keyword: ZKeyword, lng: /*#__PURE__*/ ZLng.optional(), lat: /*#__PURE__*/ ZLat.optional() }),
  data: z.object({ places: z.array(ZPlace) }),
});
export const searchPlacesCall = callOf<typeof searchPlaces>('GET', '/v1/map/search');
