import type { FastifyInstance } from 'fastify';

type Headers = Readonly<Record<string, string>>;

/**
 * What a page needs: a CSP the app passes – scripts only from this origin, inline style
 * attributes allowed (antd-mobile positions popups with them), map tiles from the configured tile
 * host only, framing only by FRAME_ANCESTORS (X-Frame-Options cannot express a list of hosts, so
 * it is not sent) – and the isolation headers helmet's defaults would send.
 */
export function documentHeaders(frameAncestors: string, tileImgSources: string[] = []): Headers {
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...tileImgSources]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', frameAncestors.split(/\s+/).filter(Boolean)],
  ];
  return {
    'content-security-policy': directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join(';'),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/**
 * What a JSON answer needs: never sniffed as something else, never kept by a cache on the way
 * (answers carry personal data), never read by another site's page. A CSP governs documents, not
 * data; the full document set on each of the gate's polls cost a fifth of its throughput.
 */
export const API_HEADERS: Headers = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * HSTS only on an answer that came over https (directly, or through a proxy that says so with
 * TRUST_PROXY): sent over plain http it means nothing, and a LAN install without TLS would tell
 * browsers a promise it cannot keep.
 */
export const HSTS: Headers = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' };

/** The embed kit is loaded by other sites' pages (docs/embedding.md), so it may be read cross-origin. */
const EMBED_PREFIX = '/embed/';

/** Paths answered with JSON, not pages (web-app.ts answers an unknown one with the 404 envelope). */
export const isApiPath = (url: string) => url.startsWith('/v1/') || url.startsWith('/healthz');

/**
 * Sets the headers once per request from strings built at start-up. Handlers may still override
 * one (a static asset's cache-control, a download's).
 */
export function registerSecurityHeaders(app: FastifyInstance, frameAncestors: string, tileImgSources: string[] = []) {
  const documents = documentHeaders(frameAncestors, tileImgSources);
  const embed: Headers = { ...documents, 'cross-origin-resource-policy': 'cross-origin' };
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(isApiPath(req.url) ? API_HEADERS : req.url.startsWith(EMBED_PREFIX) ? embed : documents);
    if (req.protocol === 'https') reply.headers(HSTS);
    done();
  });
}
