import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';

/** What a token is read from: a Fastify request, or the fast lane's parsed body and headers. */
export interface TokenSource {
  body?: unknown;
  headers: IncomingHttpHeaders;
}

export const SESSION_COOKIE = 'sq_token';
/** The cookie only travels to the start-up check, so it cannot be used for cross-site writes. */
export const SESSION_COOKIE_PATH = '/v1/mobile/community/userInfo';

/**
 * Where the token travels (spec §7, DESIGN.md §4): `token` in the POST body or form, header
 * `token`, or `Authorization: Bearer`. Read before validation because body schemas strip it.
 */
export function tokenFromRequest(req: TokenSource): string | null {
  const body = req.body as Record<string, unknown> | undefined;
  if (body && typeof body === 'object' && typeof body.token === 'string' && body.token) return body.token;
  const header = req.headers.token;
  if (typeof header === 'string' && header) return header;
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || null;
  return null;
}

export function tokenFromCookie(req: FastifyRequest): string | null {
  const raw = req.headers.cookie;
  if (!raw) return null;
  for (const part of raw.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SESSION_COOKIE) return decodeURIComponent(rest.join('=')) || null;
  }
  return null;
}

/**
 * The same cookie also travels to the photos (modules/images): an <img> sends no token header.
 * Those answers are read-only, so a cross-site page gains nothing by making a browser send it.
 */
export const IMAGE_COOKIE_PATH = '/v1/images';

/** The login cookie for each path it travels to (Set-Cookie lines). */
export function sessionCookies(token: string, maxAgeSeconds: number, secure: boolean): string[] {
  return [SESSION_COOKIE_PATH, IMAGE_COOKIE_PATH].map((path) => sessionCookieFor(token, maxAgeSeconds, secure, path));
}

/** Set-Cookie lines that end the login cookie on every path (logout). */
export const clearedSessionCookies = () => [SESSION_COOKIE_PATH, IMAGE_COOKIE_PATH].map((path) => `${SESSION_COOKIE}=; Path=${path}; Max-Age=0; HttpOnly; SameSite=Lax`);

/** The login cookie's Set-Cookie line for one path. */
export function sessionCookieFor(token: string, maxAgeSeconds: number, secure: boolean, path: string): string {
  return [
    `${SESSION_COOKIE}=${encodeURIComponent(token)}`,
    `Path=${path}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
