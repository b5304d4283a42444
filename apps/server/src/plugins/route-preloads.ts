import fs from 'node:fs';
import path from 'node:path';
import { WebRoute } from '@sq/contract/routes';

/** dist/.vite/route-preloads.json, written by apps/web/build/route-preloads.mjs after `vite build`. */
type RoutePreloads = Record<string, { js: string[]; css: string[] }>;

const ASSET = /^\/assets\/[\w.-]+\.(js|css)$/;

// Low priority: they must not hold up the shell's script and stylesheet, which paint the loading
// screen and have to run before the screen's chunks are of any use.
function links(files: { js: string[]; css: string[] }): string {
  const safe = (list: string[]) => list.filter((f) => ASSET.test(f));
  return [
    ...safe(files.css).map((f) => `<link rel="preload" as="style" crossorigin fetchpriority="low" href="${f}">`),
    ...safe(files.js).map((f) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${f}">`),
  ].join('');
}

/**
 * Screens whose path carries one more segment (/stick/wwear/<openId>): the prefix, with its slash,
 * and the route name whose chunks it loads. A deeper or empty rest is no screen.
 */
const PREFIX_ROUTES: readonly (readonly [prefix: string, name: keyof typeof WebRoute])[] = [[`${WebRoute.boardPerson}/`, 'boardPerson']];
const ONE_SEGMENT = /^[^/]+$/;

/**
 * The app's HTML for each screen path, with `<link>`s that start fetching the screen's own chunks
 * at once: without them the browser finds them only after the app shell has downloaded and run.
 * Built once at start-up. `notFound` is the HTML for paths that are no screen; a build without the
 * map (older builds) gets the plain HTML everywhere.
 */
export function htmlPerRoute(
  webDist: string,
  indexHtml: string,
): { byPath: Map<string, Buffer>; forPath: (pathname: string) => Buffer | undefined; notFound: Buffer } {
  const mapFile = path.join(webDist, '.vite/route-preloads.json');
  const preloads: RoutePreloads = fs.existsSync(mapFile) ? (JSON.parse(fs.readFileSync(mapFile, 'utf8')) as RoutePreloads) : {};
  const withLinks = (name: string) => {
    const files = preloads[name];
    return Buffer.from(files ? indexHtml.replace('</head>', `${links(files)}</head>`) : indexHtml);
  };
  const byPath = new Map<string, Buffer>();
  for (const [name, route] of Object.entries(WebRoute)) byPath.set(route, withLinks(name));
  const byPrefix = PREFIX_ROUTES.map(([prefix, name]) => [prefix, withLinks(name)] as const);
  /** The HTML of the screen at `pathname` (no query, no trailing slash), if it is one. */
  const forPath = (pathname: string) =>
    byPath.get(pathname) ?? byPrefix.find(([prefix]) => pathname.startsWith(prefix) && ONE_SEGMENT.test(pathname.slice(prefix.length)))?.[1];
  return { byPath, forPath, notFound: withLinks('*') };
}
