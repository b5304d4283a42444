// Fails when the Drizzle schema has changes that no committed migration contains
// (the generated-code drift check of CONVENTIONS.md). Generates into a scratch copy.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const server = path.resolve(import.meta.dirname, '../apps/server');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-migrations-'));
fs.cpSync(path.join(server, 'drizzle'), scratch, { recursive: true });
const config = path.join(server, `drizzle.check.${process.pid}.config.ts`);
fs.writeFileSync(
  config,
  // drizzle-kit reads `out` relative to the working directory, even when given an absolute path.
  `export default { dialect: 'postgresql', schema: './src/db/schema.ts', out: ${JSON.stringify(path.relative(server, scratch))} };\n`,
);
let output = '';
try {
  output = execFileSync('npx', ['drizzle-kit', 'generate', '--config', path.basename(config)], { cwd: server, encoding: 'utf8', stdio: 'pipe' });
} catch (e) {
  output = `${e.stdout ?? ''}${e.stderr ?? ''}`;
} finally {
  fs.rmSync(config);
  fs.rmSync(scratch, { recursive: true, force: true });
}
if (!output.includes('No schema changes')) {
  console.error(output);
  console.error('The database schema changed without a migration. Run: npm run db:generate -- --name <what-changed>');
  process.exit(1);
}
console.log('Migrations match the schema.');
