import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { Code } from '@sq/contract/envelope';
import { Msg } from '@sq/contract/messages';
import { htmlPerRoute } from './route-preloads';
import { isApiPath } from './security';


/**
 * Serves the built web app. Hashed assets are cached for a year; the HTML never is, so a deploy
 * reaches phones at once. Every screen path of the spec answers with the app (a QR code opens
 * /pcheck?poiId=… directly), naming that screen's chunks so they load alongside the shell; other
 * paths get the app with status 404 and its not-found page. /stick/wwear/<openId> is the one screen
 * with a segment of its own (route-preloads.ts).
 */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  const indexFile = path.join(webDist, 'index.html');
  const built = fs.existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: false,
      // The build writes .br and .gz beside each asset (apps/web/build/compress-dist.mjs).
      preCompressed: true,
      setHeaders(reply, filePath) {
        const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
        // The service worker and the manifest are checked on every visit: a deploy replaces them.
        if (name === 'sw.js' || name === 'manifest.webmanifest') reply.header('cache-control', 'no-cache');
        else reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }
  const html = built ? htmlPerRoute(webDist, fs.readFileSync(indexFile, 'utf8')) : null;

  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    // /docs is the API's own documentation: a wrong path under it is no screen of the app either.
    const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !isApiPath(pathname) && !pathname.startsWith('/docs');
    if (!wantsPage) return reply.code(Code.notFound).send({ code: Code.notFound, message: Msg.notFound, data: null });
    if (!html) {
      return reply.code(Code.unavailable).type('text/plain; charset=utf-8').send('The web app is not built yet: run `npm run build`.');
    }
    const page = html.forPath(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
    return reply
      .code(page ? 200 : Code.notFound)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(page ?? html.notFound);
  });
}
