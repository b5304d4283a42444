/**
 * Photos people upload (DESIGN.md §9 "Images"): limits, messages and where a stored photo is
 * served. Free of zod: the feed's first load builds image URLs with this.
 */

/** One upload, before resizing: a 12-megapixel phone photo is 3–6 MB. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** What a phone sends: JPEG, PNG, WebP, HEIC/HEIF (iPhone), AVIF; the type is read from the bytes. */
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'image/avif'] as const;
/** The web size's longer side, in pixels (sharp's `fit: inside`): sharp on a phone, ~200 KB. */
export const IMAGE_WEB_MAX_SIDE = 1600;
/**
 * The thumbnail's side: a square, centre-cropped like a 3 × 3 grid cell shows it (object-fit:
 * cover), sharp at 3× density; a smaller photo gives a square of its shorter side.
 */
export const IMAGE_THUMB_MAX_SIDE = 360;
/** Uploads one person may make per hour in a community: a post's nine photos, many times over. */
export const IMAGE_UPLOADS_PER_HOUR = 60;
/** What an upload is for; each kind of use is checked by its own domain. */
/** `event`: an event's cover (staff, or a resident proposing one); `album`: a photo in an event's album; `merchant`: a shop's photos and licence (anyone who joined the community may upload them: a shop owner need not live there). */
export const IMAGE_PURPOSES = ['board', 'event', 'album', 'merchant'] as const;
export type ImagePurpose = (typeof IMAGE_PURPOSES)[number];

export const ImageMsg = {
  notImage: '请上传图片文件（JPG、PNG、WebP 或 HEIC）',
  tooLarge: `图片不能超过${IMAGE_MAX_BYTES / 1024 / 1024}MB`,
  empty: '请选择图片',
  tooMany: '上传过于频繁，请稍后再试',
  unreadable: '图片已损坏或无法识别，请换一张',
  purpose: '图片用途不正确',
  notFound: '图片不存在',
  /** The prebuilt decoder reads AVIF but not HEVC (docs/decisions/board.md "Images"). */
  heic: '暂不支持 HEIC 格式的照片：请在 iPhone「设置 › 相机 › 格式」中选择「兼容性最佳」，或将照片转为 JPG 后再上传',
  pixels: '图片像素过多，请换一张',
  notMember: '只有本社区的居民和工作人员可以上传图片',
  /** The object store (IMAGE_STORE=s3) did not answer: nothing was kept, the person may try again. */
  storeDown: '图片存储暂时无法访问，请稍后重试',
  /** The photo's record is there but its file is not in the object store (deleted outside the app). */
  fileMissing: '图片文件已丢失，无法显示',
} as const;

export type ImageSize = 'web' | 'thumb';

/** What a stored photo is served as (WebP: docs/decisions/board.md "Images"). */
export const IMAGE_SERVED_TYPE = 'image/webp';

/** A stored photo's address: the community it belongs to and its content hash (never changes). */
export function imageUrl(poiId: string, hash: string, size: ImageSize = 'web'): string {
  return `/v1/images/${encodeURIComponent(poiId)}/${hash}${size === 'thumb' ? '/thumb' : ''}`;
}
