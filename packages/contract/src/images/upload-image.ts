import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZPoiId } from '../poi-id';
import { IMAGE_PURPOSES, IMAGE_UPLOAD_TYPES, ImageMsg } from './image-rules';

/** A stored photo as a client refers to it: its hash is what a post's `images` lists. */
export const ZImage = /*#__PURE__*/ z.object({
  /** Content hash of the web size (base64url SHA-256, 43 characters). */
  hash: z.string(),
  url: z.string(),
  /** A square crop (IMAGE_THUMB_MAX_SIDE) for grids; the photo's own shape is the web size's. */
  thumbUrl: z.string(),
  /** The web size's pixels, upright (EXIF orientation applied). */
  width: z.number().int(),
  height: z.number().int(),
});
export type StoredImage = z.output<typeof ZImage>;

/** A hash as a post or other content lists it. */
export const ZImageHash = z
  .string({ error: ImageMsg.notFound })
  .regex(/^[A-Za-z0-9_-]{43}$/, ImageMsg.notFound);

/**
 * One photo, the body being its bytes (any of IMAGE_UPLOAD_TYPES; the type is read from the
 * bytes, not trusted from the header). Answers the stored web size and thumbnail, EXIF removed.
 * Only people who may write in the community upload to it.
 */
export const uploadImage = defineEndpoint({
  method: 'POST',
  path: '/v1/images',
  summary: '上传图片（缩放、去除 EXIF 位置信息）',
  query: z.object({ poiId: ZPoiId, purpose: z.enum(IMAGE_PURPOSES, { error: ImageMsg.purpose }).default('board') }),
  upload: { types: IMAGE_UPLOAD_TYPES, description: '图片文件本身（≤ 10 MB）' },
  data: ZImage,
});

