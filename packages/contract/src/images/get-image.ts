import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { IMAGE_SERVED_TYPE, IMAGE_THUMB_MAX_SIDE, IMAGE_WEB_MAX_SIDE } from './image-rules';

/**
 * A stored photo's bytes, for an <img>: the browser sends the login cookie (set for /v1/images at
 * login) or the app a token header. Only people who may read the community get it. The answer
 * never changes for a URL (the hash is of its bytes): cached for a year, ETag = the hash.
 */
export const getImage = defineEndpoint({
  method: 'GET',
  path: '/v1/images/:poiId/:hash',
  summary: '图片（网页尺寸，已去除 EXIF）',
  data: z.null(),
  download: { types: [IMAGE_SERVED_TYPE], description: `图片本身（长边不超过 ${IMAGE_WEB_MAX_SIDE} 像素）`, inline: true },
});

/** The square thumbnail of the same photo (a 3 × 3 grid's cell). */
export const getImageThumb = defineEndpoint({
  method: 'GET',
  path: '/v1/images/:poiId/:hash/thumb',
  summary: '图片缩略图（正方形裁切）',
  data: z.null(),
  download: { types: [IMAGE_SERVED_TYPE], description: `正方形缩略图（边长不超过 ${IMAGE_THUMB_MAX_SIDE} 像素）`, inline: true },
});
