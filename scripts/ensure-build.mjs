// `npm start` runs the built server and serves the built web app. Each is built when it is
// missing or older than its sources, so the first start on a fresh clone works and later starts
// do not pay for a rebuild.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function newest(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(full).map((name) => newest(path.join(p, name))));
}

function stale(output, sources) {
  const file = path.join(root, output);
  const builtAt = fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
  if (builtAt === 0) return 'missing';
  return Math.max(...sources.map(newest)) > builtAt ? 'changed' : null;
}

const contract = ['packages/contract/src', 'packages/contract/package.json'];
const web = stale('apps/web/dist/index.html', ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/build', ...contract]);
if (web) {
  console.log(web === 'changed' ? 'Web app sources changed: rebuilding…' : 'Building the web app (first start)…');
  // Always the production build: a NODE_ENV=development in the caller's environment would make Vite
  // build React's development bundle, and that is what would then be served.
  execSync('npm run build -w @sq/web', { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
if (stale('apps/server/dist/main.mjs', ['apps/server/src', 'apps/server/package.json', 'scripts/build-server.mjs', ...contract])) {
  execSync('node scripts/build-server.mjs', { cwd: root, stdio: 'inherit' });
}
