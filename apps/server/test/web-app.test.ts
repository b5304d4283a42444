import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

// A built app in miniature: index.html as Vite writes it, and the map apps/web/build/route-preloads.mjs
// writes beside Vite's manifest.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-web-dist-'));
const indexHtml =
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-a1.js"></script></head><body><div id="root"></div></body></html>';
const preloads = {
  home: { js: ['/assets/home-h1.js'], css: ['/assets/home-h1.css'] },
  pass: { js: ['/assets/pass-p1.js', '/assets/pass-cache-p2.js'], css: ['/assets/pass-p1.css'] },
  boardPerson: { js: ['/assets/board-person-b1.js'], css: [] },
  '*': { js: ['/assets/not-found-n1.js'], css: [] },
};

let t: TestApp;
beforeAll(async () => {
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), indexHtml);
  fs.writeFileSync(path.join(dist, 'assets/pass-p1.js'), 'export {};');
  fs.writeFileSync(path.join(dist, '.vite/route-preloads.json'), JSON.stringify(preloads));
  t = await createTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const modulePreloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)">/g)].map((m) => m[1]);

describe('the app HTML per screen', () => {
  it('names the chunks of the screen a QR code opens, so they load with the shell', async () => {
    for (const url of ['/pcheck?poiId=DEMO000001&state=1', '/pcheck/']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(modulePreloads(res.body)).toEqual(['/assets/pass-p1.js', '/assets/pass-cache-p2.js']);
      expect(res.body).toContain('<link rel="preload" as="style" crossorigin fetchpriority="low" href="/assets/pass-p1.css">');
      // Links only, inside <head>: the CSP allows no inline script.
      expect(res.body.indexOf('/assets/pass-p1.js')).toBeLessThan(res.body.indexOf('</head>'));
      expect(res.body.match(/<script/g)).toHaveLength(1);
    }
    const home = await t.app.inject({ url: '/' });
    expect(modulePreloads(home.body)).toEqual(['/assets/home-h1.js']);
  });

  it("answers a person's board page (/stick/wwear/<openId>) with the app and its chunks, nothing deeper", async () => {
    for (const url of ['/stick/wwear/o-abc123', '/stick/wwear/o-abc123/', '/stick/wwear/o%E4%BA%BA?x=1']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(modulePreloads(res.body)).toEqual(['/assets/board-person-b1.js']);
    }
    for (const url of ['/stick/wwear/a/b', '/stick/wwearx', '/stick/x/wwear/y']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(modulePreloads(res.body)).toEqual(['/assets/not-found-n1.js']);
    }
  });

  it('still answers an unknown path with 404 and the app, which shows its not-found page', async () => {
    const res = await t.app.inject({ url: '/no-such-screen' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(modulePreloads(res.body)).toEqual(['/assets/not-found-n1.js']);
    const api = await t.app.inject({ url: '/v1/no/such/thing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 404 });
  });

  it('serves a screen without its links when the build has no map, and assets as before', async () => {
    const asset = await t.app.inject({ url: '/assets/pass-p1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    fs.rmSync(path.join(dist, '.vite/route-preloads.json'));
    const older = await createTestApp({ env: { WEB_DIST: dist } });
    try {
      const res = await older.app.inject({ url: '/pcheck' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(indexHtml);
    } finally {
      await older.close();
    }
  });
});
