import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { WebRoute } from '@sq/contract/routes';
import type { BenchReport } from './report';

/** Issue 7: /pcheck is opened from a QR code at the gate, often on a weak connection. */
const PASS_BUDGET_BYTES = 110 * 1024;

const web = path.resolve(import.meta.dirname, '../apps/web');
type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/** JavaScript a first visit to a route downloads: the entry, the route's module, their static imports. */
function firstLoad(manifest: Manifest, keys: string[]): Set<string> {
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

/** Gzipped first-load JavaScript of every route (needs `npm run build` first). */
export async function webSizeBench(): Promise<BenchReport> {
  const manifestFile = path.join(web, 'dist/.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Error('Build the web app first: npm run build');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const router = fs.readFileSync(path.join(web, 'src/app/router.tsx'), 'utf8');
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const shell = gzipped(firstLoad(manifest, [entry]));

  const rows: [string, number][] = [];
  for (const [, name, module] of router.matchAll(/path: WebRoute\.(\w+), lazy: \(\) => import\('\.\/routes\/([\w-]+)'\)/g)) {
    const route = WebRoute[name as keyof typeof WebRoute];
    rows.push([route, gzipped(firstLoad(manifest, [entry, `src/app/routes/${module}.tsx`]))]);
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
