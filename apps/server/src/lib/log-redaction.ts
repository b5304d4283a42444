import type { FastifyRequest } from 'fastify';

/**
 * Logs never hold a token, a mobile number or an ID number in clear. Request bodies are not
 * logged at all; query strings and headers are logged with these parameters blanked.
 */
const SECRET_PARAMS = new Set(['token', 'mobile', 'card', 'code', 'openid', 'referer', 'appusertoken']);
export const REDACTED = '[redacted]';

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) {
    if (SECRET_PARAMS.has(key.toLowerCase())) params.set(key, REDACTED);
  }
  return `${url.slice(0, q)}?${params.toString()}`;
}

export function serializeRequest(req: FastifyRequest) {
  return { method: req.method, url: redactUrl(req.url), remoteAddress: req.ip };
}

/** pino `redact` paths for anything that might carry a secret into a log line. */
export const REDACT_PATHS = [
  'req.headers.token',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.token',
  '*.mobile',
  '*.card',
];
