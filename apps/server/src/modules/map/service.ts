import { SERVICE_CATEGORIES, type ServiceCategory } from '@sq/contract/map/service-categories';
import type { LngLat } from '@sq/contract/map/geo';
import { MSG_PLACE_NOT_FOUND } from '@sq/contract/map/get-place';
import { COMMUNITY_RADIUS_M } from '@sq/contract/map/map-item';
import { PLACE_TYPES, type PlaceType } from '@sq/contract/map/place-types';
import { notFound } from '../../lib/errors';
import type { MapProvider } from './provider';
import { TILE_SUBDOMAINS } from './tile-source';

/** Place ids are the map service's (AMap: 10 characters; demo: DEMO-P5-1). */
const PLACE_ID = /^[\w-]{1,64}$/;

const near = (q: { lng?: number | undefined; lat?: number | undefined }): LngLat | null =>
  q.lng !== undefined && q.lat !== undefined ? { lng: q.lng, lat: q.lat } : null;

export function createMapService(deps: { provider: MapProvider; excludedIds: readonly string[]; tileUrl: string }) {
  const { provider } = deps;
  return {
    nearbyCommunities: async (at: LngLat) => ({ communities: await provider.nearbyCommunities(at, COMMUNITY_RADIUS_M) }),
    searchCommunities: async (keyword: string, q: { lng?: number; lat?: number }) => ({
      communities: await provider.searchCommunities(keyword, near(q)),
    }),
    places: async (type: PlaceType, at: LngLat, page: number) => ({
      places: await provider.places(PLACE_TYPES[type].codes, at, page, deps.excludedIds),
    }),
    servicePlaces: async (category: ServiceCategory, at: LngLat, page: number) => ({
      places: await provider.placesNamedNear(SERVICE_CATEGORIES[category].keywords, at, page, deps.excludedIds),
    }),
    async place(id: string) {
      // An excluded id is not listed, and it is not shown by address-bar guessing either.
      const place = PLACE_ID.test(id) && !deps.excludedIds.includes(id) ? await provider.place(id) : null;
      if (!place) throw notFound(MSG_PLACE_NOT_FOUND);
      return { place };
    },
    searchPlaces: async (keyword: string, q: { lng?: number; lat?: number }) => ({ places: await provider.searchPlaces(keyword, near(q)) }),
    regeo: async (at: LngLat) => ({ address: await provider.regeo(at) }),
    staticMap: (at: LngLat) => provider.staticMap(at),
    config: () => ({ tileUrl: deps.tileUrl === 'none' ? '' : deps.tileUrl, tileSubdomains: TILE_SUBDOMAINS }),
  };
}
export type MapService = ReturnType<typeof createMapService>;
