import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Issue 7: /pcheck is opened from a QR code at the gate, often on a weak connection. */
export const PASS_BUDGET_BYTES = 110 * 1024;

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/**
 * Gzipped first-load JavaScript of a built web app (`dist`): the shell (the entry and its static
 * imports) and, per route name of the build's route map (route-preloads.mjs), the shell plus that
 * route's own chunks – what a phone downloads before the screen can show anything.
 */
export function firstLoadBytes(dist: string): { shell: number; routes: Record<string, number> } {
  const meta = path.join(dist, '.vite');
  if (!fs.existsSync(path.join(meta, 'route-preloads.json'))) throw new Error('Build the web app first: npm run build');
  const manifest = JSON.parse(fs.readFileSync(path.join(meta, 'manifest.json'), 'utf8')) as Manifest;
  const preloads = JSON.parse(fs.readFileSync(path.join(meta, 'route-preloads.json'), 'utf8')) as Record<string, { js: string[] }>;
  const shellJs = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || shellJs.has(chunk.file)) return;
    shellJs.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit(Object.keys(manifest).find((k) => manifest[k]!.isEntry)!);
  const gzipped = (files: Set<string>) => [...files].reduce((sum, f) => sum + gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length, 0);
  const routes = Object.fromEntries(
    Object.entries(preloads).map(([name, route]) => [name, gzipped(new Set([...shellJs, ...route.js.map((f) => f.replace(/^\//, ''))]))]),
  );
  return { shell: gzipped(shellJs), routes };
}
