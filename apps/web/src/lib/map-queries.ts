import { queryOptions } from '@tanstack/react-query';
import type { LngLat } from '@sq/contract/map/geo';
import { getPlaceCall } from '@sq/contract/map/get-place';
import { mapConfigCall } from '@sq/contract/map/map-config';
import { nearbyCommunitiesCall } from '@sq/contract/map/nearby-communities';
import { regeoCall } from '@sq/contract/map/regeo';
import { searchCommunitiesCall } from '@sq/contract/map/search-communities';
import { searchPlacesCall } from '@sq/contract/map/search-places';
import { callApi } from './api-client';

const round = (at: LngLat) => [Number(at.lng.toFixed(5)), Number(at.lat.toFixed(5))];

export const nearbyCommunitiesQuery = (at: LngLat) =>
  queryOptions({
    queryKey: ['map', 'nearbyCommunities', ...round(at)],
    queryFn: ({ signal }) => callApi(nearbyCommunitiesCall, { lng: at.lng, lat: at.lat }, { signal }).then((d) => d.communities),
  });

export const searchCommunitiesQuery = (keyword: string, near: LngLat | null) =>
  queryOptions({
    queryKey: ['map', 'searchCommunities', keyword, ...(near ? round(near) : [])],
    queryFn: ({ signal }) => callApi(searchCommunitiesCall, { keyword, ...(near ?? {}) }, { signal }).then((d) => d.communities),
  });

export const searchPlacesQuery = (keyword: string, near: LngLat | null) =>
  queryOptions({
    queryKey: ['map', 'searchPlaces', keyword, ...(near ? round(near) : [])],
    queryFn: ({ signal }) => callApi(searchPlacesCall, { keyword, ...(near ?? {}) }, { signal }).then((d) => d.places),
  });

export const regeoQuery = (at: LngLat) =>
  queryOptions({
    queryKey: ['map', 'regeo', ...round(at)],
    queryFn: ({ signal }) => callApi(regeoCall, { lng: at.lng, lat: at.lat }, { signal, silent: true }).then((d) => d.address),
    staleTime: Infinity,
  });

export const placeQuery = (id: string) =>
  queryOptions({
    queryKey: ['map', 'place', id],
    queryFn: ({ signal }) => callApi(getPlaceCall, { id }, { signal }).then((d) => d.place),
  });

export const mapConfigQuery = () =>
  queryOptions({
    queryKey: ['map', 'config'],
    queryFn: ({ signal }) => callApi(mapConfigCall, {}, { signal, silent: true }),
    staleTime: Infinity,
  });
