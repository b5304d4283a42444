import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '@sq/server/app';
import { loadConfig } from '@sq/server/config';
import { openPostgres, type Database } from '@sq/server/db/client';
import { startEmbeddedPostgres } from '@sq/server/db/embedded/embedded-postgres';
import { createPiiCipher, type PiiCipher } from '@sq/server/lib/crypto';
import { seedDemo } from '@sq/server/seed/demo';

/** The key the benchmarks encrypt with; a child server gets it as DATA_KEY. */
const KEY = Buffer.alloc(32, 11);

export interface BenchDatabase {
  database: Database;
  pii: PiiCipher;
  /** Environment for a server process on the same data (`npm start`'s variables). */
  env: Record<string, string>;
  /** Closes this process's connection; the data stays until `drop`. */
  close(): Promise<void>;
  /** Removes the data (data directory or PostgreSQL database). */
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database with the demo data, as `npm start` would use it: the embedded
 * PostgreSQL server in a data directory of its own, or a new
 * database on the PostgreSQL server of TEST_DATABASE_URL with the default pool (10).
 */
export async function openBenchDatabase(): Promise<BenchDatabase> {
  const pii = createPiiCipher(KEY);
  const url = process.env.TEST_DATABASE_URL;
  const poolSize = loadConfig({}).DATABASE_POOL_SIZE;
  let database: Database;
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  if (!url) {
    // The embedded server `npm start` runs, on a data directory of its own; this process stops it
    // on close, so that a server process started on DATA_DIR afterwards starts it as it would.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-bench-'));
    const server = await startEmbeddedPostgres(dataDir, () => {});
    const opened = await openPostgres(server.url, poolSize, 'embedded');
    database = { ...opened, close: async () => (await opened.close(), await server.stop()) };
    env = { DATA_DIR: dataDir, DATA_KEY: KEY.toString('base64') };
    drop = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  } else {
    const name = `sq_bench_${randomBytes(6).toString('hex')}`;
    await adminQuery(url, `create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    database = await openPostgres(target.toString(), poolSize);
    env = { DATABASE_URL: target.toString(), DATA_KEY: KEY.toString('base64'), DATABASE_POOL_SIZE: String(poolSize) };
    drop = () => adminQuery(url, `drop database if exists ${name} with (force)`);
  }
  await database.migrate();
  await seedDemo(database.db, pii);
  let closed = false;
  const close = async () => {
    if (!closed) await database.close();
    closed = true;
  };
  return {
    database,
    pii,
    env,
    close,
    async drop() {
      await close();
      await drop();
    },
  };
}

/** One statement on the PostgreSQL server itself (create or drop a benchmark database). */
export async function adminQuery(url: string, sql: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(sql);
  await admin.end();
}

export interface BenchApp {
  origin: string;
  app: FastifyInstance;
  store: BenchDatabase;
  /** Logs in through the real SMS endpoints (the development provider answers with the code). */
  login(mobile: string): Promise<string>;
  close(): Promise<void>;
}

/** The whole app on a loopback port, in this process, on `store` (or a new bench database). */
export async function startBenchApp(store?: BenchDatabase): Promise<BenchApp> {
  const s = store ?? (await openBenchDatabase());
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent' });
  const app = await buildApp({ config, database: s.database, pii: s.pii, verifyAnswers: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const post = (p: string, body: object) =>
    fetch(origin + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
      (r) => r.json() as Promise<{ data: Record<string, string> }>,
    );
  return {
    origin,
    app,
    store: s,
    async login(mobile) {
      const sent = await post('/v1/auth/smsCode', { mobile });
      return (await post('/v1/auth/login', { mobile, code: sent.data.devCode! })).data.token!;
    },
    async close() {
      await app.close();
      await s.drop();
    },
  };
}
