import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';

/** What the map picker needs from the server's configuration: the tile URL template, or none. */
export const mapConfig = defineEndpoint({
  method: 'GET',
  path: '/v1/map/config',
  summary: '地图选点的底图配置',
  query: z.object({}),
  data: z.object({
    /** Leaflet template ({s},{x},{y},{z}); '' when no tiles are configured (the picker still works). */
    tileUrl: z.string(),
    /** Subdomains for {s}. */
    tileSubdomains: z.string(),
  }),
});
export const mapConfigCall = callOf<typeof mapConfig>('GET', '/v1/map/config');
