import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// In development the API server (apps/server) runs on :3000; proxying keeps the app same-origin,
// exactly as in production where the server serves this build itself.
const apiServer = 'http://localhost:3000';

// 应用版本 on the self-check page (/test): the package's version, the commit built and its date
// (not the build's time, so the same commit builds the same bytes). Outside a git checkout
// (a release archive) the commit is unknown and left empty.
const here = fileURLToPath(new URL('.', import.meta.url));
const webVersion = (JSON.parse(readFileSync(`${here}package.json`, 'utf8')) as { version: string }).version;
function git(...args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: here, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return '';
  }
}

export default defineConfig({
  define: {
    __APP_VERSION__: JSON.stringify(webVersion),
    __APP_COMMIT__: JSON.stringify(git('rev-parse', '--short', 'HEAD')),
    __APP_COMMIT_DATE__: JSON.stringify(git('log', '-1', '--format=%cs')),
  },
  plugins: [
    react(),
    // Installable, and opens with no signal (issue 13): a service worker keeps the app's files
    // (precached at each deploy) and the last copy of each screen's HTML. docs/decisions/offline-gate.md, "Offline".
    VitePWA({
      // Registered by main.tsx after the load event; the icons are in globPatterns already.
      injectRegister: false,
      includeManifestIcons: false,
      registerType: 'autoUpdate',
      manifest: {
        name: '社区服务',
        short_name: '社区服务',
        description: '社区通行证、出入登记、社区信息与投票',
        lang: 'zh-CN',
        start_url: '/pcheck',
        scope: '/',
        display: 'standalone',
        background_color: '#f4f6f5',
        theme_color: '#15803d',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Every screen's code and styles (about 460 KB brotli, fetched once per deploy in the
        // background); not the demo pages, nor source maps.
        globPatterns: ['index.html', 'assets/*.{js,css}', 'icons/*.png', 'favicon.svg'],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        // Screens: the network first (a deploy reaches phones at once, with each screen's own
        // preloads), the last copy of that screen when there is none, else the app's shell.
        navigateFallback: null,
        runtimeCaching: [
          {
            // Not the API, its documentation or the health check (serialised into the worker: self-contained).
            urlPattern: ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && !/^\/(v1|docs|healthz)(\/|$)/.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'screens',
              networkTimeoutSeconds: 4,
              expiration: { maxEntries: 40 },
              plugins: [
                // One copy per screen, whatever its query (/pcheck?poiId=…).
                { cacheKeyWillBeUsed: async ({ request }) => new URL(request.url).pathname },
                { handlerDidError: async () => (await caches.match('/index.html', { ignoreSearch: true })) ?? Response.error() },
              ],
            },
          },
        ],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    // The manifest lets the size benchmark compute each route's first-load JavaScript.
    manifest: true,
    modulePreload: {
      // The entry lists, for every lazy screen, the chunks to fetch when it is opened; every name
      // on that list is part of every first load, the pass page's 110 KB budget included (its
      // margin was 0.4 KB before 邻里圈's eight screens). Screens keep their styles on the list (so
      // no unstyled flash) and leave their scripts to the import graph: a screen opened directly
      // still gets all its chunks from the server's HTML (route-preloads.mjs), and a screen reached
      // inside the app finds them in the service worker's precache after the first visit.
      resolveDependencies: (_filename, deps, { hostType }) => (hostType === 'js' ? deps.filter((d) => d.endsWith('.css')) : deps),
    },
    rolldownOptions: {
      // zod's builders have no side effects, so a schema nobody reads is dropped with zod itself:
      // pages import endpoints' `…Call`s, and only forms that validate keep zod (docs/decisions/web-performance.md).
      // Reading a property is taken as free of side effects: schemas written with the contract's
      // messages (`{ error: RolesMsg.name }`) were kept, zod with them, on every screen that
      // imports an endpoint's call (23 KB gzipped on /notices, /privacy, /addmsg, /chiocevote).
      // No code of ours or of our libraries relies on a getter's side effect for a value it drops.
      treeshake: { manualPureFunctions: ['z'], propertyReadSideEffects: false },
    },
  },
  server: {
    proxy: {
      '/v1': apiServer,
      '/docs': apiServer,
      '/healthz': apiServer,
    },
  },
});
