import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../src/db/client';
import { createScratchDatabase, testServerUrl } from '../support/test-database';

/**
 * The process's LISTEN connection after a restart or a failover: while the database refuses
 * connections for a while, the first tries to re-open fail; the listener must keep trying until
 * it is back, so other processes' events (a revoked session, a scanned pass) reach this one again.
 */
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let database: Database;
const name = () => new URL(scratch.url).pathname.slice(1);

async function admin(sql: string, params: unknown[] = []) {
  const c = new pg.Client({ connectionString: await testServerUrl() });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows;
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  scratch = await createScratchDatabase();
  database = await openPostgres(scratch.url, 2);
});
afterAll(async () => {
  await admin(`alter database ${name()} allow_connections true`);
  await database.close();
  await scratch.drop();
});

describe('LISTEN across a database outage', () => {
  it('keeps re-opening until the database takes connections again, then hears events as before', async () => {
    const heard: string[] = [];
    await database.listen('sq_test_events', (payload) => heard.push(payload));
    await database.notify('sq_test_events', 'before');
    await expect.poll(() => heard, { timeout: 5_000 }).toEqual(['before']);

    // The database goes away for ~3.5 s: new connections refused, every existing one cut.
    await admin(`alter database ${name()} allow_connections false`);
    await admin('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name()]);
    await new Promise((r) => setTimeout(r, 3_500));
    await admin(`alter database ${name()} allow_connections true`);

    // Back: an event sent now (from another connection) arrives, once the listener is in again.
    await expect
      .poll(
        async () => {
          await database.notify('sq_test_events', 'after').catch(() => undefined);
          return heard.includes('after');
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(true);
  }, 30_000);
});
