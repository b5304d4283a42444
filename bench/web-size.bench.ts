import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { WebRoute } from '@sq/contract/routes';
import type { BenchReport } from './report';

/** Issue 7: /pcheck is opened from a QR code at the gate, often on a weak connection. */
const PASS_BUDGET_BYTES = 110 * 1024;

const web = path.resolve(import.meta.dirname, '../apps/web');
type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/** The app shell's JavaScript: the entry and its static imports. */
function shellFiles(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return files;
}

const gzipped = (files: Set<string>) => [...files].reduce((sum, f) => sum + gzipSync(fs.readFileSync(path.join(web, 'dist', f)), { level: 9 }).length, 0);

/**
 * Gzipped first-load JavaScript of every route (needs `npm run build` first): the shell plus the
 * route's own chunks, as the build's route map lists them for the server's preloads
 * (apps/web/build/route-preloads.mjs).
 */
export async function webSizeBench(): Promise<BenchReport> {
  const dist = path.join(web, 'dist/.vite');
  if (!fs.existsSync(path.join(dist, 'route-preloads.json'))) throw new Error('Build the web app first: npm run build');
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, 'manifest.json'), 'utf8')) as Manifest;
  const preloads = JSON.parse(fs.readFileSync(path.join(dist, 'route-preloads.json'), 'utf8')) as Record<string, { js: string[] }>;
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const shellJs = shellFiles(manifest, [entry]);
  const shell = gzipped(shellJs);

  const rows: [string, number][] = [];
  for (const [name, route] of Object.entries(WebRoute)) {
    const own = preloads[name]?.js.map((f) => f.replace(/^\//, '')) ?? [];
    rows.push([route, gzipped(new Set([...shellJs, ...own]))]);
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const pass = rows.find(([r]) => r === WebRoute.pass)?.[1] ?? NaN;
  return {
    name: 'web: gzipped first-load JavaScript of /pcheck',
    unit: 'bytes',
    baseline: { label: 'budget 110 KB', value: PASS_BUDGET_BYTES },
    measured: { label: '/pcheck', value: pass },
    notes: [`app shell alone ${kb(shell)}; every route:`, ...rows.map(([r, n]) => `      ${r.padEnd(14)} ${kb(n)}`)].join('\n'),
  };
}
