import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZLat, ZLng } from './map-item';

/** Reverse geocoding for the map picker: the address shown under a picked point. */
export const regeo = defineEndpoint({
  method: 'GET',
  path: '/v1/map/regeo',
  summary: '逆地理编码：坐标 → 地址',
  query: z.object({ lng: ZLng, lat: ZLat }),
  data: z.object({ address: z.string() }),
});
export const regeoCall = callOf<typeof regeo>('GET', '/v1/map/regeo');
