import type { LngLat } from '@sq/contract/map/geo';
import type { MapCommunity, Place } from '@sq/contract/map/map-item';

/** A community as the map service knows it, with its street (街道) where the service can tell. */
export interface ProviderCommunity {
  poiId: string;
  name: string;
  pname: string;
  cityname: string;
  adname: string;
  address: string;
  lng: number;
  lat: number;
  street: { streetId: string; name: string; cityname: string; adname: string } | null;
}

export interface StaticImage {
  contentType: string;
  body: Buffer | string;
}

/**
 * Where place and community look-ups come from (DESIGN.md §7): the seeded tables (`local`) or the
 * AMap web service (`amap`). Every coordinate in and out is GCJ-02; lists are nearest first.
 */
export interface MapProvider {
  nearbyCommunities(at: LngLat, radiusM: number): Promise<MapCommunity[]>;
  searchCommunities(keyword: string, near: LngLat | null): Promise<MapCommunity[]>;
  /** One page (1-based) of places of the given type codes; `excluded` ids never appear. */
  places(codes: readonly string[], at: LngLat, page: number, excluded: readonly string[]): Promise<Place[]>;
  /** One page of places within the search radius whose names carry any of `keywords` (社区服务). */
  placesNamedNear(keywords: readonly string[], at: LngLat, page: number, excluded: readonly string[]): Promise<Place[]>;
  place(id: string): Promise<Place | null>;
  searchPlaces(keyword: string, near: LngLat | null): Promise<Place[]>;
  regeo(at: LngLat): Promise<string>;
  /** A community the service knows but this database does not yet (a user picked it). */
  community(poiId: string): Promise<ProviderCommunity | null>;
  staticMap(at: LngLat): Promise<StaticImage>;
}
