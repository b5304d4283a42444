import type { FastifyInstance } from 'fastify';
import { IMAGE_MAX_BYTES, ImageMsg } from '@sq/contract/images/image-rules';
import { uploadImage } from '@sq/contract/images/upload-image';

/**
 * A photo's upload body is the photo itself, read as bytes whatever image type the phone names
 * (the type is then read from the bytes); application/octet-stream is read by xlsx-body.ts with
 * room for a photo too. A larger body is cut off unread and refused with ImageMsg.tooLarge (the
 * upload route names it as its own too-large message), nothing stored.
 */
export function registerImageBody(scope: FastifyInstance) {
  scope.addHook('onRoute', (route) => {
    if (route.url === uploadImage.path) route.config = { ...route.config, tooLargeMessage: ImageMsg.tooLarge };
  });
  scope.addContentTypeParser(/^image\/[\w.+-]+$/i, { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES }, (_req, body, done) => done(null, body));
}
