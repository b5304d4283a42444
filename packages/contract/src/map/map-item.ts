import { z } from 'zod';
import { CHINA_BOUNDS } from './geo';

export const MSG_BAD_COORDINATE = '位置坐标不正确';
export const MSG_KEYWORD_REQUIRED = '请输入要搜索的内容';
export const MSG_BAD_PAGE = '页码不正确';

/** Every list of the map service is paged by 20, and a shorter page is the last one (spec §9). */
export const MAP_PAGE_SIZE = 20;
/** The chooser lists residential places within 1000 m of the user (spec §9). */
export const COMMUNITY_RADIUS_M = 1000;
/** Nearby places: the spec's search radius (§ constants: 1000 m), the same as the chooser's. */
export const PLACE_RADIUS_M = 1000;
/** Keywords longer than this are not a place name but pasted text. */
export const KEYWORD_MAX = 50;

// The bounds are read inside: a property read among a call's arguments would stay in a bundle
// that drops the call, and with it this module's import of zod (the web's home page).
const coordinate = /*#__NO_SIDE_EFFECTS__*/ (axis: 'Lng' | 'Lat') =>
  z.coerce
    .number({ error: MSG_BAD_COORDINATE })
    .min(CHINA_BOUNDS[`min${axis}`], MSG_BAD_COORDINATE)
    .max(CHINA_BOUNDS[`max${axis}`], MSG_BAD_COORDINATE);
/** Query-string longitude (GCJ-02): numbers come as text, and only China's map is served. */
export const ZLng = coordinate('Lng');
export const ZLat = coordinate('Lat');

export const ZKeyword = z
  .string({ error: MSG_KEYWORD_REQUIRED })
  .trim()
  .min(1, MSG_KEYWORD_REQUIRED)
  .max(KEYWORD_MAX, `搜索内容不能超过${KEYWORD_MAX}个字`);

export const ZPage = z.coerce.number({ error: MSG_BAD_PAGE }).int(MSG_BAD_PAGE).min(1, MSG_BAD_PAGE).max(500, MSG_BAD_PAGE).default(1);

/** One place of the map service (spec §3 "Place"); location is "lng,lat" in GCJ-02, as AMap writes it. */
export const ZPlace = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  location: z.string(),
  /** Metres from the point asked about; null when no point was given. */
  distance: z.number().int().nullable(),
  tel: z.string(),
  photos: z.array(z.object({ title: z.string(), url: z.string() })),
  cityname: z.string(),
  adname: z.string(),
});
export type Place = z.infer<typeof ZPlace>;

/** A residential place the user can pick as their community; `poiId` is what every call carries. */
export const ZMapCommunity = /*#__PURE__*/ ZPlace.extend({ poiId: z.string(), pname: z.string() });
export type MapCommunity = z.infer<typeof ZMapCommunity>;

export const formatLocation = (lng: number, lat: number) => `${lng.toFixed(6)},${lat.toFixed(6)}`;

/** Reads "lng,lat" back; null for anything else. */
export function parseLocation(location: string): { lng: number; lat: number } | null {
  const [lng, lat] = location.split(',').map(Number);
  return lng !== undefined && lat !== undefined && Number.isFinite(lng) && Number.isFinite(lat) ? { lng, lat } : null;
}
