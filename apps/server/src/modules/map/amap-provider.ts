import { Code } from '@sq/contract/envelope';
import { distanceMetres, type LngLat } from '@sq/contract/map/geo';
import { formatLocation, MAP_PAGE_SIZE, parseLocation, PLACE_RADIUS_M, type MapCommunity, type Place } from '@sq/contract/map/map-item';
import { RESIDENTIAL_TYPE_CODES } from '@sq/contract/map/place-types';
import { AppError } from '../../lib/errors';
import type { MapProvider, ProviderCommunity } from './provider';

export const MSG_MAP_UNAVAILABLE = '地图服务暂不可用，请稍后再试';
/** Spec §9: text search is fixed to the capital (AMap adcode of 北京市). */
export const SEARCH_CITY = '110000';
/** A map look-up that takes longer than this is not worth waiting for on a phone. */
const TIMEOUT_MS = 5000;

/** AMap writes an empty value as `[]` instead of "" (documented quirk of the v3 web service). */
type AmapText = string | [];
interface AmapPoi {
  id: string;
  name: string;
  address?: AmapText;
  location?: AmapText;
  tel?: AmapText;
  distance?: AmapText;
  pname?: AmapText;
  cityname?: AmapText;
  adname?: AmapText;
  photos?: { title?: AmapText; url?: AmapText }[];
}
interface AmapAnswer {
  status: string;
  info?: string;
  infocode?: string;
  pois?: AmapPoi[];
  regeocode?: { formatted_address?: AmapText; addressComponent?: { township?: AmapText; towncode?: AmapText; city?: AmapText; province?: AmapText; district?: AmapText } };
}

const text = (v: AmapText | undefined) => (typeof v === 'string' ? v : '');
const unavailable = () => new AppError(Code.unavailable, MSG_MAP_UNAVAILABLE);

function toPlace(poi: AmapPoi, near: LngLat | null): Place {
  const location = text(poi.location);
  const point = parseLocation(location);
  const given = Number.parseInt(text(poi.distance), 10);
  return {
    id: poi.id,
    name: poi.name,
    address: text(poi.address),
    location,
    distance: Number.isFinite(given) ? given : near && point ? distanceMetres(near, point) : null,
    // AMap separates several numbers with ";": the first is the one to call.
    tel: text(poi.tel).split(';')[0]!.trim(),
    photos: (poi.photos ?? []).map((p) => ({ title: text(p.title), url: text(p.url) })).filter((p) => /^https?:\/\//.test(p.url)),
    cityname: text(poi.cityname),
    adname: text(poi.adname),
  };
}

const toCommunity = (poi: AmapPoi, near: LngLat | null): MapCommunity => ({ ...toPlace(poi, near), poiId: poi.id, pname: text(poi.pname) });

/** AMap web service API v3 (DESIGN.md §7); the key stays on the server. */
export function amapProvider(opts: { key: string; baseUrl: string; log?: (msg: string) => void }): MapProvider {
  async function call(path: string, params: Record<string, string | number>): Promise<AmapAnswer> {
    const url = new URL(path, opts.baseUrl);
    for (const [k, v] of Object.entries({ ...params, key: opts.key, output: 'JSON' })) url.searchParams.set(k, String(v));
    let answer: AmapAnswer;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      answer = (await res.json()) as AmapAnswer;
    } catch (e) {
      opts.log?.(`AMap ${path} failed: ${(e as Error).message}`);
      throw unavailable();
    }
    if (answer.status !== '1') {
      // The reason (e.g. INVALID_USER_KEY, DAILY_QUERY_OVER_LIMIT) is for the operator, not the resident.
      opts.log?.(`AMap ${path} refused: ${answer.info ?? ''} ${answer.infocode ?? ''}`);
      throw unavailable();
    }
    return answer;
  }

  const around = (at: LngLat, types: readonly string[], radius: number, page: number) =>
    call('/v3/place/around', {
      location: formatLocation(at.lng, at.lat),
      types: types.join('|'),
      radius,
      sortrule: 'distance',
      offset: MAP_PAGE_SIZE,
      page,
      extensions: 'all',
    });

  const textSearch = (keyword: string, types?: readonly string[]) =>
    call('/v3/place/text', {
      keywords: keyword,
      ...(types ? { types: types.join('|') } : {}),
      city: SEARCH_CITY,
      citylimit: 'true',
      offset: MAP_PAGE_SIZE,
      page: 1,
      extensions: 'all',
    });

  async function regeocode(at: LngLat) {
    return (await call('/v3/geocode/regeo', { location: formatLocation(at.lng, at.lat), extensions: 'base' })).regeocode;
  }

  return {
    async nearbyCommunities(at, radiusM) {
      const pois = (await around(at, RESIDENTIAL_TYPE_CODES, radiusM, 1)).pois ?? [];
      return pois.map((p) => toCommunity(p, at)).filter((c) => c.distance === null || c.distance <= radiusM);
    },
    async searchCommunities(keyword, near) {
      return ((await textSearch(keyword, RESIDENTIAL_TYPE_CODES)).pois ?? []).map((p) => toCommunity(p, near));
    },
    async places(codes, at, page, excluded) {
      // Whatever AMap sends beyond the radius is dropped here. Its pages are nearest first, so a
      // page cut short by this is also the last one within the radius.
      const pois = (await around(at, codes, PLACE_RADIUS_M, page)).pois ?? [];
      return pois
        .filter((p) => !excluded.includes(p.id))
        .map((p) => toPlace(p, at))
        .filter((p) => p.distance === null || p.distance <= PLACE_RADIUS_M);
    },
    async placesNamedNear(keywords, at, page, excluded) {
      // AMap takes several keywords joined by "|"; no type filter (these services sit under many).
      const answer = await call('/v3/place/around', {
        location: formatLocation(at.lng, at.lat),
        keywords: keywords.join('|'),
        radius: PLACE_RADIUS_M,
        sortrule: 'distance',
        offset: MAP_PAGE_SIZE,
        page,
        extensions: 'all',
      });
      return (answer.pois ?? [])
        .filter((p) => !excluded.includes(p.id))
        .map((p) => toPlace(p, at))
        .filter((p) => p.distance === null || p.distance <= PLACE_RADIUS_M);
    },
    async place(id) {
      const poi = (await call('/v3/place/detail', { id, extensions: 'all' })).pois?.[0];
      return poi ? toPlace(poi, null) : null;
    },
    async searchPlaces(keyword, near) {
      return ((await textSearch(keyword)).pois ?? []).map((p) => toPlace(p, near));
    },
    async regeo(at) {
      return text((await regeocode(at))?.formatted_address) || formatLocation(at.lng, at.lat);
    },
    async community(poiId): Promise<ProviderCommunity | null> {
      const poi = (await call('/v3/place/detail', { id: poiId, extensions: 'all' })).pois?.[0];
      const point = poi && parseLocation(text(poi.location));
      if (!poi || !point) return null;
      // The 街道 (township) comes from reverse geocoding the community's own point.
      const parts = (await regeocode(point).catch(() => undefined))?.addressComponent;
      const towncode = text(parts?.towncode);
      return {
        poiId: poi.id,
        name: poi.name,
        pname: text(poi.pname),
        cityname: text(poi.cityname),
        adname: text(poi.adname),
        address: text(poi.address),
        lng: point.lng,
        lat: point.lat,
        street: towncode ? { streetId: towncode, name: text(parts?.township), cityname: text(poi.cityname), adname: text(poi.adname) } : null,
      };
    },
    async staticMap(at) {
      const url = new URL('/v3/staticmap', opts.baseUrl);
      const location = formatLocation(at.lng, at.lat);
      for (const [k, v] of Object.entries({ location, zoom: '16', size: '750*360', markers: `mid,0x16a34a,A:${location}`, key: opts.key })) url.searchParams.set(k, v);
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
        const type = res.headers.get('content-type') ?? '';
        // On a refused key AMap answers JSON with status 200, not an image.
        if (!res.ok || !type.startsWith('image/')) throw new Error(`HTTP ${res.status} ${type}`);
        return { contentType: type, body: Buffer.from(await res.arrayBuffer()) };
      } catch (e) {
        opts.log?.(`AMap staticmap failed: ${(e as Error).message}`);
        throw unavailable();
      }
    },
  };
}
