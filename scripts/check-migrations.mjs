// Fails when the Drizzle schema has changes that no committed migration contains
// (the generated-code drift check of CONVENTIONS.md). Generates into a scratch copy.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compatProblems, FIRST_CHECKED } from './migration-compat.mjs';

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

// Migrations run while older nodes still serve (a rolling upgrade): they only add.
let broken = 0;
for (const file of fs.readdirSync(path.join(server, 'drizzle')).filter((f) => f.endsWith('.sql')).sort()) {
  if (Number.parseInt(file, 10) < FIRST_CHECKED) continue;
  for (const p of compatProblems(fs.readFileSync(path.join(server, 'drizzle', file), 'utf8'))) {
    broken++;
    console.error(`${file}: ${p.why}:\n  ${p.statement.split('\n')[0]}`);
  }
}
if (broken) {
  console.error('A migration would break app nodes still running the previous release (docs/operations.md "Rolling upgrades"): split it, or say on the line before why older nodes are unaffected (-- compat: …).');
  process.exit(1);
}
console.log('Migrations are safe under older nodes.');
