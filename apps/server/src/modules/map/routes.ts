import type { FastifyInstance } from 'fastify';
import { getPlace } from '@sq/contract/map/get-place';
import { listPlaces } from '@sq/contract/map/list-places';
import { listServicePlaces } from '@sq/contract/map/list-service-places';
import { mapConfig } from '@sq/contract/map/map-config';
import { nearbyCommunities } from '@sq/contract/map/nearby-communities';
import { regeo } from '@sq/contract/map/regeo';
import { searchCommunities } from '@sq/contract/map/search-communities';
import { searchPlaces } from '@sq/contract/map/search-places';
import { STATIC_MAP_PATH, ZStaticMapQuery } from '@sq/contract/map/static-map';
import { badRequest } from '../../lib/errors';
import type { RouteKit } from '../../lib/route-kit';
import { operationIdOf } from '../../plugins/openapi';
import type { MapService } from './service';

/** /v1/map/…: the map service behind the server, so its key never reaches the browser (DESIGN.md §7). */
export function mapRoutes(kit: RouteKit, scope: FastifyInstance, map: MapService) {
  kit.open(nearbyCommunities, ({ query }) => map.nearbyCommunities(query));
  kit.open(searchCommunities, ({ query }) => map.searchCommunities(query.keyword, query));
  kit.open(listPlaces, ({ query }) => map.places(query.type, query, query.page));
  kit.open(listServicePlaces, ({ query }) => map.servicePlaces(query.category, query, query.page));
  kit.open(getPlace, ({ req }) => map.place((req.params as { id: string }).id));
  kit.open(searchPlaces, ({ query }) => map.searchPlaces(query.keyword, query));
  kit.open(regeo, ({ query }) => map.regeo(query));
  kit.open(mapConfig, async () => map.config());

  // An image, not the envelope, so an <img> can show it; refusals still answer the envelope.
  // Its image answer is described in plugins/openapi.ts (the schemas here are the serializer's).
  const staticMapSchema = { summary: '位置静态图（图片）', tags: ['map'], operationId: operationIdOf('GET', STATIC_MAP_PATH), security: [] };
  scope.get(STATIC_MAP_PATH, { schema: staticMapSchema }, async (req, reply) => {
    const parsed = ZStaticMapQuery.safeParse(req.query);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message);
    const image = await map.staticMap(parsed.data);
    return reply.header('cache-control', 'public, max-age=3600').type(image.contentType).send(image.body);
  });
}
