// Draws the app's install icons (PWA manifest, iOS home screen) from the favicon's shapes with
// Debian's Chromium: `node apps/web/build/make-icons.mjs`. The PNGs are committed; run it again
// only when the logo changes.
import path from 'node:path';
import { chromium } from 'playwright-core';

const out = path.resolve(import.meta.dirname, '../public/icons');
const HOUSE = 'M14 32 32 16l18 16v16a2 2 0 0 1-2 2H38V38H26v12H16a2 2 0 0 1-2-2Z';
// Rounded for the plain icon; full-bleed with the house inside the 80 % safe zone for "maskable".
const plain = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#15803d"/><path d="${HOUSE}" fill="#fff"/></svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#15803d"/><g transform="translate(9.6 9.6) scale(0.7)"><path d="${HOUSE}" fill="#fff"/></g></svg>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
for (const [name, svg, size] of [
  ['icon-192.png', plain, 192],
  ['icon-512.png', plain, 512],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`);
  await page.screenshot({ path: path.join(out, name), omitBackground: true });
  await page.close();
}
await browser.close();
console.log(`icons written to ${out}`);
