import type { FastifyReply, FastifyRequest } from 'fastify';
import { getImage, getImageThumb } from '@sq/contract/images/get-image';
import type { ImageSize } from '@sq/contract/images/image-rules';
import { uploadImage } from '@sq/contract/images/upload-image';
import type { RouteKit } from '../../lib/route-kit';
import { SESSION_SECURITY } from '../../plugins/openapi';
import type { AuthService } from '../auth/service';
import { tokenFromCookie, tokenFromRequest } from '../auth/token-source';
import type { ImagesService } from './service';

/** A URL's bytes never change (its hash is of them): any cache may keep them for a year, privately. */
export const IMAGE_CACHE_CONTROL = 'private, max-age=31536000, immutable';

/** Whether an If-None-Match header names this ETag (a list, weak or strong, or `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * A stored photo's answer once the caller may have it: cached for good, 304 for a known ETag (the
 * hash). The cache headers go on the photo only: a 404 or a 503 (the object store away) must not
 * be kept for a year.
 */
export async function sendImage(req: FastifyRequest, reply: FastifyReply, hash: string, load: () => Promise<{ mime: string; body: Buffer }>): Promise<never> {
  const etag = `"${hash}"`;
  const cached = () => reply.header('cache-control', IMAGE_CACHE_CONTROL).header('etag', etag);
  if (matchesEtag(req.headers['if-none-match'], etag)) {
    await cached().code(304).send();
    return null as never;
  }
  const found = await load();
  await cached().type(found.mime).send(found.body);
  return null as never;
}

export function imagesRoutes(kit: RouteKit, auth: AuthService, images: ImagesService) {
  kit.authed(uploadImage, ({ caller, query, req }) => images.upload(caller, query, req.body));

  // For an <img>: the browser sends the cookie set for /v1/images at login; an app sends a token.
  const serve = (size: ImageSize) => async ({ req, reply }: { req: FastifyRequest; reply: FastifyReply }) => {
    const caller = await auth.authenticate(tokenFromRequest(req) ?? tokenFromCookie(req));
    const { poiId, hash } = req.params as { poiId: string; hash: string };
    await images.readable(caller, poiId);
    return sendImage(req, reply, hash, () => images.bytes(poiId, hash, size));
  };
  const security = { security: [{ sessionCookie: [] }, ...SESSION_SECURITY] };
  kit.open(getImage, serve('web'), security);
  kit.open(getImageThumb, serve('thumb'), security);
}
