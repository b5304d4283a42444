import type { AlbumPhoto } from '@sq/contract/albums/albums';
import { imageUrl } from '@sq/contract/images/image-rules';

export const unixSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

export const imageOf = (poiId: string, p: { hash: string; width: number; height: number }) => ({
  hash: p.hash,
  url: imageUrl(poiId, p.hash),
  thumbUrl: imageUrl(poiId, p.hash, 'thumb'),
  width: p.width,
  height: p.height,
});

/** A photo as `viewerId` reads it. */
export function photoOf(poiId: string, p: { id: string; hash: string; width: number; height: number; uploaderId: string | null; createdAt: Date; asked?: boolean }, viewerId: string): AlbumPhoto {
  return { ...imageOf(poiId, p), id: p.id, createdAt: unixSeconds(p.createdAt), mine: p.uploaderId === viewerId, asked: p.asked ?? false };
}
