import fs from 'node:fs';
import path from 'node:path';

/**
 * The apps/server folder. Modules run from src/ (TypeScript, in tests and tools) or bundled into
 * dist/ (`npm start`), so files beside the code – migrations, the web build – are found from
 * the package's own folder, never from a fixed number of `..` steps.
 */
function findServerRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'drizzle')) && fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`apps/server not found above ${from}`);
  }
}

export const serverRoot = findServerRoot(import.meta.dirname);
export const migrationsFolder = path.join(serverRoot, 'drizzle');
