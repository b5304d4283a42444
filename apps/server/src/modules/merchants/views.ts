import type { StoredImage } from '@sq/contract/images/upload-image';
import type { ShopFull } from '@sq/contract/merchants/merchants';
import { shopImageUrl } from '@sq/contract/merchants/shop-images';
import type { LinkRow, MerchantRow, ShopImage } from './repo';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** A shop's photo as clients see it: served through the shop (shop-images.ts). */
export const imageOf = (merchantId: string, img: ShopImage): StoredImage => ({
  hash: img.hash,
  width: img.width,
  height: img.height,
  url: shopImageUrl(merchantId, img.hash),
  thumbUrl: shopImageUrl(merchantId, img.hash, 'thumb'),
});

/** Everything about a shop (its staff, its reviewers): `links` narrowed to what the viewer may see. */
export function fullOf(m: MerchantRow, links: readonly LinkRow[]): ShopFull {
  return {
    id: m.id,
    name: m.name,
    category: m.category,
    intro: m.intro,
    address: m.address,
    lng: m.lng,
    lat: m.lat,
    hours: m.hours,
    phone: m.phone,
    photos: m.photos.map((p) => imageOf(m.id, p)),
    licenceNo: m.licenceNo,
    licenceImage: imageOf(m.id, m.licenceImage),
    imagePoiId: m.licenceImage.poiId,
    radiusM: m.radiusM,
    status: m.status as ShopFull['status'],
    statusNote: m.statusNote,
    createdAt: seconds(m.createdAt),
    updatedAt: seconds(m.updatedAt),
    communities: links
      .filter((l) => l.merchantId === m.id)
      .map((l) => ({ poiId: l.poiId, community: l.community, status: l.status, reason: l.reason, distanceM: l.distanceM, reviewedAt: l.reviewedAt ? seconds(l.reviewedAt) : null })),
  };
}
