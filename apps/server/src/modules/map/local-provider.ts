import { distanceMetres, type LngLat } from '@sq/contract/map/geo';
import { formatLocation, MAP_PAGE_SIZE, type MapCommunity, type Place } from '@sq/contract/map/map-item';
import { PLACE_RADIUS_M } from '@sq/contract/map/map-item';
import type { MapProvider } from './provider';
import type { LocalMapRepo } from './repo';
import { staticMapSvg } from './static-map-svg';

type CommunityRow = Awaited<ReturnType<LocalMapRepo['communitiesWithin']>>[number];
type PlaceRow = NonNullable<Awaited<ReturnType<LocalMapRepo['place']>>>;

const toCommunity = (c: CommunityRow, near: LngLat | null): MapCommunity => ({
  id: c.poiId,
  poiId: c.poiId,
  name: c.name,
  address: c.address,
  location: formatLocation(c.lng, c.lat),
  distance: near ? distanceMetres(near, c) : null,
  tel: '',
  photos: [],
  pname: c.pname,
  cityname: c.cityname,
  adname: c.adname,
});

const toPlace = (p: PlaceRow, near: LngLat | null): Place => ({
  id: p.id,
  name: p.name,
  address: p.address,
  location: formatLocation(p.lng, p.lat),
  distance: near ? distanceMetres(near, p) : null,
  tel: p.tel,
  photos: p.photos.map((url, i) => ({ title: `${p.name} ${i + 1}`, url })),
  cityname: p.cityname,
  adname: p.adname,
});

/** Nearest first; a place without a distance (no point given) keeps its order, by name. */
function byDistance<T extends { distance: number | null; name: string }>(list: T[]): T[] {
  return list.sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0) || a.name.localeCompare(b.name, 'zh-CN'));
}

/** The default provider: the seeded tables and haversine distances, no network (DESIGN.md §7). */
export function localMapProvider(repo: LocalMapRepo): MapProvider {
  return {
    async nearbyCommunities(at, radiusM) {
      const rows = await repo.communitiesWithin(at, radiusM);
      return byDistance(rows.map((c) => toCommunity(c, at)).filter((c) => c.distance! <= radiusM));
    },
    async searchCommunities(keyword, near) {
      return byDistance((await repo.communitiesNamed(keyword)).map((c) => toCommunity(c, near))).slice(0, MAP_PAGE_SIZE);
    },
    async places(codes, at, page, excluded) {
      const rows = await repo.placesWithin(codes, at, PLACE_RADIUS_M);
      const within = rows.filter((p) => !excluded.includes(p.id)).map((p) => toPlace(p, at)).filter((p) => p.distance! <= PLACE_RADIUS_M);
      return byDistance(within).slice((page - 1) * MAP_PAGE_SIZE, page * MAP_PAGE_SIZE);
    },
    async placesNamedNear(keywords, at, page, excluded) {
      const rows = await repo.placesNamedWithin(keywords, at, PLACE_RADIUS_M);
      const within = rows.filter((p) => !excluded.includes(p.id)).map((p) => toPlace(p, at)).filter((p) => p.distance! <= PLACE_RADIUS_M);
      return byDistance(within).slice((page - 1) * MAP_PAGE_SIZE, page * MAP_PAGE_SIZE);
    },
    async place(id) {
      const row = await repo.place(id);
      return row ? toPlace(row, null) : null;
    },
    async searchPlaces(keyword, near) {
      const [placeRows, communityRows] = await Promise.all([repo.placesNamed(keyword), repo.communitiesNamed(keyword)]);
      const found = [...communityRows.map((c) => toCommunity(c, near)), ...placeRows.map((p) => toPlace(p, near))];
      return byDistance(found).slice(0, MAP_PAGE_SIZE);
    },
    async regeo(at) {
      // No address database here: name the point by the nearest known place, which is honest and useful.
      const candidates = [
        ...(await repo.communitiesWithin(at, 800)).map((c) => ({ ...c, distance: distanceMetres(at, c) })),
        ...(await repo.placesWithinAnyType(at, 800)).map((p) => ({ ...p, distance: distanceMetres(at, p) })),
      ].sort((a, b) => a.distance - b.distance);
      const nearest = candidates[0];
      if (!nearest) return `北京市（${formatLocation(at.lng, at.lat)}）`;
      const where = `${nearest.cityname}${nearest.adname}${nearest.address}`;
      return nearest.distance < 30 ? `${where} ${nearest.name}` : `${where} ${nearest.name}附近`;
    },
    async community() {
      // Every community the local provider knows is already in the database.
      return null;
    },
    async staticMap(at) {
      const [communities, places] = await Promise.all([repo.communitiesWithin(at, 700), repo.placesWithinAnyType(at, 700)]);
      return {
        contentType: 'image/svg+xml; charset=utf-8',
        body: staticMapSvg(at, [
          ...communities.map((c) => ({ name: c.name, lng: c.lng, lat: c.lat, kind: 'community' as const })),
          ...places.map((p) => ({ name: p.name, lng: p.lng, lat: p.lat, kind: 'place' as const })),
        ]),
      };
    },
  };
}
