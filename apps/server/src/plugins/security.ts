import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/**
 * Security headers with a CSP the app passes: scripts only from this origin, inline style
 * attributes allowed (antd-mobile positions popups with them), framing only by FRAME_ANCESTORS.
 */
export async function registerSecurityHeaders(app: FastifyInstance, frameAncestors: string, tileImgSources: string[] = []) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Map tiles come from the configured tile host only (MAP_TILE_URL).
        imgSrc: ["'self'", 'data:', 'blob:', ...tileImgSources],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: frameAncestors.split(/\s+/).filter(Boolean),
      },
    },
    // frame-ancestors governs framing; X-Frame-Options cannot express a list of embedding hosts.
    frameguard: false,
    crossOriginEmbedderPolicy: false,
  });
}
