/** Pure geometry for GCJ-02 coordinates (the coordinate system of every map call, DESIGN.md §7). */

export interface LngLat {
  lng: number;
  lat: number;
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in whole metres: accurate to centimetres at neighbourhood scale. */
export function distanceMetres(a: LngLat, b: LngLat): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h))));
}

/** Spec §2 nearby list: metres under 1000 ("350m"), otherwise km with one decimal ("1.4km"). */
export function formatDistance(metres: number): string {
  if (!Number.isFinite(metres) || metres < 0) return '';
  if (metres < 1000) return `${Math.round(metres)}m`;
  return `${(Math.floor(metres / 100) / 10).toFixed(1)}km`;
}

// GB/T "GCJ-02" offset: the published Krasovsky-ellipsoid approximation every Chinese map SDK uses.
const A = 6378245.0;
const EE = 0.006693421622965943;

/** GCJ-02 applies inside mainland China only; elsewhere WGS-84 is used unchanged. */
export function outOfChina(p: LngLat): boolean {
  return p.lng < 72.004 || p.lng > 137.8347 || p.lat < 0.8293 || p.lat > 55.8271;
}

function transformLat(x: number, y: number): number {
  let r = -100.0 + 2.0 * x + 3.0 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  r += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0;
  r += ((20.0 * Math.sin(y * Math.PI) + 40.0 * Math.sin((y / 3.0) * Math.PI)) * 2.0) / 3.0;
  r += ((160.0 * Math.sin((y / 12.0) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30.0)) * 2.0) / 3.0;
  return r;
}

function transformLng(x: number, y: number): number {
  let r = 300.0 + x + 2.0 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  r += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0;
  r += ((20.0 * Math.sin(x * Math.PI) + 40.0 * Math.sin((x / 3.0) * Math.PI)) * 2.0) / 3.0;
  r += ((150.0 * Math.sin((x / 12.0) * Math.PI) + 300.0 * Math.sin((x / 30.0) * Math.PI)) * 2.0) / 3.0;
  return r;
}

/** The browser's GPS fix (WGS-84) as the map service expects it (GCJ-02). */
export function wgs84ToGcj02(p: LngLat): LngLat {
  if (outOfChina(p)) return { lng: p.lng, lat: p.lat };
  let dLat = transformLat(p.lng - 105.0, p.lat - 35.0);
  let dLng = transformLng(p.lng - 105.0, p.lat - 35.0);
  const radLat = rad(p.lat);
  let magic = Math.sin(radLat);
  magic = 1 - EE * magic * magic;
  const sqrtMagic = Math.sqrt(magic);
  dLat = (dLat * 180.0) / (((A * (1 - EE)) / (magic * sqrtMagic)) * Math.PI);
  dLng = (dLng * 180.0) / ((A / sqrtMagic) * Math.cos(radLat) * Math.PI);
  return { lng: p.lng + dLng, lat: p.lat + dLat };
}

/** Inverse of wgs84ToGcj02 by iteration (to well under a metre); for tests and demo fixes. */
export function gcj02ToWgs84(p: LngLat): LngLat {
  let guess = { lng: p.lng, lat: p.lat };
  for (let i = 0; i < 10; i++) {
    const there = wgs84ToGcj02(guess);
    guess = { lng: guess.lng - (there.lng - p.lng), lat: guess.lat - (there.lat - p.lat) };
  }
  return guess;
}

/** Coordinates the service accepts: mainland China and its surroundings, where GCJ-02 is defined. */
export const CHINA_BOUNDS = { minLng: 72, maxLng: 138, minLat: 0.8, maxLat: 56 } as const;
