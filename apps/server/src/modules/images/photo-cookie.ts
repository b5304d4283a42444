import type { FastifyReply, FastifyRequest } from 'fastify';
import { IMAGE_COOKIE_PATH, sessionCookieFor, tokenFromRequest } from '../auth/token-source';

/**
 * An <img> sends no token header, only the login cookie for /v1/images – which a login on this
 * page sets, but a phone whose token came from the native shell's bridge, or from a login before
 * photos existed, does not have. So every answer that hands out photo URLs (the board's feed, a
 * post, the moderation queue) also sets that cookie from the token the request carried: the
 * photos it lists then load. Nothing is set for a request that came with the cookie alone.
 */
export function createPhotoCookie(deps: { sessionTtlMs: number }) {
  const maxAge = Math.floor(deps.sessionTtlMs / 1000);
  return (req: FastifyRequest, reply: FastifyReply): void => {
    const token = tokenFromRequest(req);
    if (token) reply.header('set-cookie', sessionCookieFor(token, maxAge, req.protocol === 'https', IMAGE_COOKIE_PATH));
  };
}
export type PhotoCookie = ReturnType<typeof createPhotoCookie>;
