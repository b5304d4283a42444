// The point-in-time restore check of issue 38 item 4 (run by `npm run test:cluster` after the
// failover test; not part of `npm test`): residents register through the load balancer, a base
// backup is taken, more register, then the registrations table is emptied by mistake. The cluster
// is restored to the moment before, and every registration acknowledged before it is there again.
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { databaseUrl, lbOrigin, root } from './layout.mjs';
import { hasRegistration, loginMany, registerLoop, sleep, type Resident } from './load';

const base = path.resolve(process.env.CLUSTER_DIR ?? '/tmp/sq-cluster/pitr');
const cluster = (...args: string[]) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts/cluster/cluster.mjs'), ...args, '--dir', base], { stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`cluster ${args.join(' ')} exited with ${code}`))));
  });

/** Registers each resident through the load balancer; who was acknowledged. */
async function register(residents: Resident[]) {
  const { acknowledged } = await registerLoop(lbOrigin, [...residents], () => true, 0);
  return acknowledged.map((a) => a.resident);
}

async function main() {
  await cluster('down', '--clean');
  await cluster('up');
  const db = new pg.Client({ connectionString: databaseUrl(base) });
  await db.connect();
  const count = async () => Number((await db.query('select count(*) as n from registrations')).rows[0].n);

  const people = await loginMany(lbOrigin, 40, 7);
  const beforeBackup = await register(people.slice(0, 20));
  await cluster('backup');
  // pgBackRest restores to an instant only from a backup that stopped before it, by whole seconds:
  // the rows after it (and so the instant) must come in a later second than the backup's stop.
  await sleep(2000);
  // Written after the base backup: only the WAL archive can bring these back.
  const afterBackup = await register(people.slice(20));
  const kept = await count();
  const { rows } = await db.query('select now() as at');
  const moment = (rows[0].at as Date).toISOString().replace('T', ' ').replace('Z', '+00');
  await sleep(1000);
  // The mistake: a table emptied by hand.
  await db.query('truncate registrations cascade');
  const afterMistake = await count();
  // The segment holding the mistake (and the moment) goes to the archive now, not at archive_timeout.
  await db.query('select pg_switch_wal()');
  await db.end();
  await sleep(2000);

  const started = Date.now();
  await cluster('restore', '--to', moment);
  const seconds = (Date.now() - started) / 1000;

  const again = new pg.Client({ connectionString: databaseUrl(base) });
  await again.connect();
  const restored = Number((await again.query('select count(*) as n from registrations')).rows[0].n);
  await again.end();
  const missing = [];
  for (const r of [...beforeBackup, ...afterBackup]) if (!(await hasRegistration(lbOrigin, r))) missing.push(r.person.name);
  // The app writes again after the restore (a new primary on a new timeline).
  const [late] = await loginMany(lbOrigin, 1, 8);
  const writes = (await register([late!])).length === 1;

  const figures = {
    registrations: { beforeBackup: beforeBackup.length, afterBackup: afterBackup.length, inTheTable: kept, afterTheMistake: afterMistake, afterTheRestore: restored },
    restoredTo: moment,
    secondsToRestore: seconds,
    acknowledgedMissingAfterRestore: missing.length,
    writesAfterRestore: writes,
  };
  console.log(`\n${JSON.stringify(figures, null, 2)}`);
  await cluster('down');
  const problems = [
    afterMistake !== 0 && 'the table was not emptied',
    restored !== kept && `restored ${restored} registrations of ${kept}`,
    missing.length > 0 && `${missing.length} acknowledged registrations missing after the restore`,
    !writes && 'no write after the restore',
  ].filter(Boolean);
  console.log(problems.length ? `\nFAILED: ${problems.join('; ')}` : '\nPASSED: the emptied table is back as it was the moment before');
  process.exit(problems.length ? 1 : 0);
}

main().catch(async (e: unknown) => {
  console.error(e);
  await cluster('down').catch(() => undefined);
  process.exit(1);
});
