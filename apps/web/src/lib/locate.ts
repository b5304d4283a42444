import { wgs84ToGcj02, type LngLat } from '@sq/contract/map/geo';
import { storage, StorageKey } from './storage';

/** Spec §9: a location fix that takes longer than 10 s is given up. */
export const LOCATE_TIMEOUT_MS = 10_000;
export const MSG_LOCATION_DENIED = '请开启定位权限';

/** The last fix (GCJ-02), so lists open near the user without asking again. */
export function storedLocation(): LngLat | null {
  const lng = Number(storage.get(StorageKey.lon));
  const lat = Number(storage.get(StorageKey.lat));
  return storage.get(StorageKey.lon) && Number.isFinite(lng) && Number.isFinite(lat) ? { lng, lat } : null;
}

export function storeLocation(at: LngLat): void {
  storage.set(StorageKey.lon, at.lng.toFixed(6));
  storage.set(StorageKey.lat, at.lat.toFixed(6));
}

/**
 * Asks the browser for a fix and converts it to GCJ-02 (the browser speaks WGS-84, the map
 * service GCJ-02: DESIGN.md §7). Rejects with the message to toast (spec §8).
 */
export function locate(): Promise<LngLat> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error('当前浏览器不支持定位'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        const at = wgs84ToGcj02({ lng: pos.coords.longitude, lat: pos.coords.latitude });
        storeLocation(at);
        resolve(at);
      },
      (err) => {
        if (err.code === err.PERMISSION_DENIED) reject(new Error(MSG_LOCATION_DENIED));
        else if (err.code === err.TIMEOUT) reject(new Error('定位超时，请稍后重试'));
        else reject(new Error(err.message || '定位失败，请稍后重试'));
      },
      { enableHighAccuracy: true, timeout: LOCATE_TIMEOUT_MS, maximumAge: 60_000 },
    );
  });
}
