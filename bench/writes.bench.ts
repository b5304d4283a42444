import { performance } from 'node:perf_hooks';
import { count, eq } from 'drizzle-orm';
import { registrations } from '@sq/server/db/schema';
import { openBenchDatabase } from './support/bench-app';
import { loadFromAnotherProcess, loginAt, startDeployedApp } from './support/deployed';
import { person } from './support/people';
import { registrationRow } from './support/registrations';
import { createLoggedInUsers } from './support/sessions';
import type { BenchReport } from './report';

const HOME = 'DEMO000001';
const OTHER = 'DEMO000002';
const CONNECTIONS = 100;
/** Users made per second of load phase: more than the app can register, so none submits twice. */
const USERS_PER_SECOND = 5000;

/**
 * Registration submits (issues 7, 12: ≥ 0.5× raw INSERTs on the embedded default): many distinct
 * logged-in residents POST /v1/userCard at once to the app as deployed (its own process, default
 * access log to a file, autocannon in another process), against single-row INSERTs into
 * `registrations` through the same driver, database and concurrency in the same run. Both commit
 * each row on its own (autocommit), so every acknowledged write is committed before its answer.
 */
export async function writesBench(seconds: number): Promise<BenchReport> {
  const store = await openBenchDatabase();
  const { db } = store.database;
  const rowsIn = async (poiId: string) => (await db.select({ n: count() }).from(registrations).where(eq(registrations.poiId, poiId)))[0]!.n;

  // Baseline: the INSERT the repository runs (with RETURNING), rows prepared beforehand so only
  // the database's work is timed; CONNECTIONS concurrent writers share the app's pool.
  const prepared = Array.from({ length: 2000 }, (_, i) => registrationRow(store.pii, OTHER, person(i, 7), { updatedAt: new Date() }));
  const baseBefore = await rowsIn(OTHER);
  let inserted = 0;
  const baseStart = performance.now();
  const until = baseStart + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, w) => {
      for (let i = w; performance.now() < until; i += CONNECTIONS) {
        await db.insert(registrations).values(prepared[i % prepared.length]!).returning({ id: registrations.id, status: registrations.status });
        inserted++;
      }
    }),
  );
  const baseSeconds = (performance.now() - baseStart) / 1000;
  const baseFound = (await rowsIn(OTHER)) - baseBefore;

  const setupStart = performance.now();
  const users = await createLoggedInUsers(db, store.pii, seconds * USERS_PER_SECOND, 3);
  const setupSeconds = (performance.now() - setupStart) / 1000;
  const kind = store.database.kind;
  // Past the end of the list a user submits again and is refused (409): counted as non-2xx.
  const bodies = users.map((u, i) => {
    const p = person(i + 1, 5);
    return JSON.stringify({ token: u.token, poiId: HOME, name: p.name, mobile: u.mobile, card: p.card, owner: '业主', address: p.address, isReturn: 0, No: p.buildingNo });
  });
  // The app opens the data itself, as `npm start` would (the embedded server stops here first).
  await store.close();
  const app = await startDeployedApp(store.env);
  // New registrations wait for review: the manager's pending count is what arrived.
  const manager = await loginAt(app.origin, '13800000002');
  const pending = async () =>
    ((await fetch(`${app.origin}/v1/userCard/list`, { method: 'POST', headers: { 'content-type': 'application/json', token: manager }, body: JSON.stringify({ poiId: HOME }) }).then((r) => r.json())) as { data: { status_0: number } }).data.status_0;
  const before = await pending();
  const measured = await loadFromAnotherProcess({ url: `${app.origin}/v1/userCard`, method: 'POST', headers: { 'content-type': 'application/json' }, connections: CONNECTIONS, seconds, bodies });
  await new Promise((r) => setTimeout(r, 500)); // requests in flight when the phase ended
  const found = (await pending()) - before;
  await app.stop();
  await store.drop();

  // The embedded server and an external one commit alike: fsync and synchronous_commit on.
  const commit = `PostgreSQL (${kind}) autocommit, synchronous_commit on: WAL flushed before each answer`;
  return {
    name: `registration writes: POST /v1/userCard by distinct users (${kind}, ${CONNECTIONS} connections, as deployed)`,
    unit: 'writes/s',
    baseline: { label: 'single-row INSERT … RETURNING, same driver and concurrency', value: inserted / baseSeconds },
    measured: { label: 'acknowledged submits', value: measured.ok / measured.seconds },
    notes: [
      `target ≥ 50 %; p99 ${measured.p99Ms} ms; errors ${measured.errors}, non-2xx ${measured.non2xx}`,
      `    durability: ${commit}`,
      `    rows in the table afterwards: ${found} for ${measured.ok} acknowledged submits (requests still in flight when the phase ended may commit too), ${baseFound} for ${inserted} INSERTs`,
      `    setup: ${users.length.toLocaleString('en-US')} users and sessions written directly in ${setupSeconds.toFixed(1)} s`,
    ].join('\n'),
  };
}
