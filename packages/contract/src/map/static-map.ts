import { z } from 'zod';
import { ZLat, ZLng } from './map-item';

/**
 * GET /v1/map/static?lng&lat answers an image (not the JSON envelope) of the map around a point,
 * for an <img> on the community home; errors still answer the envelope.
 */
export const STATIC_MAP_PATH = '/v1/map/static';
export const ZStaticMapQuery = z.object({ lng: ZLng, lat: ZLat });

export function staticMapUrl(lng: number, lat: number): string {
  return `${STATIC_MAP_PATH}?lng=${lng}&lat=${lat}`;
}
