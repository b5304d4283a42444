import path from 'node:path';
import { WebRoute } from '@sq/contract/routes';
import { firstLoadBytes, PASS_BUDGET_BYTES } from '../apps/web/build/first-load';
import type { BenchReport } from './report';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');

/** Gzipped first-load JavaScript of every route (needs `npm run build` first); the budget is /pcheck's. */
export async function webSizeBench(): Promise<BenchReport> {
  const { shell, routes } = firstLoadBytes(dist);
  // A route with no chunks of its own loads the shell only.
  const rows = Object.entries(WebRoute).map(([name, route]) => [route, routes[name] ?? shell] as const);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  return {
    name: 'web: gzipped first-load JavaScript of /pcheck',
    unit: 'bytes',
    baseline: { label: 'budget 110 KB', value: PASS_BUDGET_BYTES },
    measured: { label: '/pcheck', value: routes.pass ?? shell },
    notes: [`app shell alone ${kb(shell)}; every route:`, ...rows.map(([r, n]) => `      ${r.padEnd(14)} ${kb(n)}`)].join('\n'),
  };
}
