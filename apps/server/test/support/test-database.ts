import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openPostgres, type Database } from '../../src/db/client';
import { startEmbeddedPostgres } from '../../src/db/embedded/embedded-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://… of the server every test file makes its own database on. */
    testServerUrl: string;
  }
}

let ownServer: Promise<string> | undefined;

/**
 * Outside vitest (the benchmarks use the test app too): an embedded server of this process's own,
 * started on first use and stopped when the process exits.
 */
async function startOwnServer(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-bench-pg-'));
  const server = await startEmbeddedPostgres(dir, () => {});
  process.once('exit', () => {
    try {
      process.kill(server.pid(), 'SIGINT');
    } catch {
      /* already gone */
    }
  });
  return server.url;
}

/** The server tests run on: TEST_DATABASE_URL's, or the run's embedded one (global setup). */
export async function testServerUrl(): Promise<string> {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  if (process.env.VITEST) return inject('testServerUrl');
  return (ownServer ??= startOwnServer());
}

async function adminQuery(url: string, sql: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** A new, empty database on the test server; `drop` removes it (closing what is connected). */
export async function createScratchDatabase() {
  const server = await testServerUrl();
  // The creation time in the name lets a later run drop what a killed one left (stale-databases.ts).
  const name = `sq_test_${Math.floor(Date.now() / 1000).toString(36)}_${randomBytes(6).toString('hex')}`;
  await adminQuery(server, `create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(server, `drop database if exists ${name} with (force)`) };
}

/**
 * A fresh, migrated database for one test file, on the run's embedded PostgreSQL server or on
 * TEST_DATABASE_URL's server, dropped again on close.
 */
export async function openTestDatabase(): Promise<Database & { url: string }> {
  const scratch = await createScratchDatabase();
  const database = await openPostgres(scratch.url, 5, process.env.TEST_DATABASE_URL ? 'postgres' : 'embedded');
  await database.migrate();
  return {
    ...database,
    /** Where a second server process of a scale-out test connects. */
    url: scratch.url,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}
