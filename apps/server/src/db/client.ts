import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type repositories see, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** NOTIFY: reaches every process listening on the channel (after the current transaction commits). */
  notify(channel: string, payload: string): Promise<void>;
  /** LISTEN on a channel; resolves to a function that stops listening. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const CHANNEL = /^[a-z_]+$/;
function checkChannel(channel: string) {
  // Channel names go into SQL as identifiers: only plain lower-case names are allowed.
  if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/**
 * The embedded database: PGlite in `dataDir`, or in memory when `dataDir` is undefined.
 *
 * Durability: on Node, PGlite mounts `dataDir` through Emscripten's NODEFS, so each commit's WAL
 * is written (write(2)) to the operating system before the query resolves, and an acknowledged
 * write survives the process being killed (test/crash-safety.test.ts: SIGKILL mid-burst). Nothing
 * is fsync'ed (PGlite starts Postgres with `-F`, and NODEFS has no fsync), so an OS crash or power
 * cut can lose recent commits. `relaxedDurability` only defers syncing of the IndexedDB/OPFS
 * file systems and changes nothing here. Deployments that must survive power loss use PostgreSQL.
 */
export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir && !fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    // A new data directory is made by initdb, whose memory (about 400 MB: its own WebAssembly
    // instance and the unpacked file bundle) stays with the PGlite that ran it. Closing that one
    // and opening the directory again starts the server as small as a restart (bench: start).
    await (await PGlite.create(dataDir)).close();
  }
  const client = await PGlite.create(dataDir);
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    async notify(channel, payload) {
      checkChannel(channel);
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async listen(channel, onPayload) {
      checkChannel(channel);
      return client.listen(channel, onPayload);
    },
    close: () => client.close(),
  };
}

export async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection that dies (database restart, failover) is dropped and replaced on demand;
  // without a listener, pg would throw the error and end the process.
  pool.on('error', () => {});
  // Fail at start-up with the driver's message rather than on the first request.
  await pool.query('select 1');
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder }),
    async notify(channel, payload) {
      checkChannel(channel);
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    listen: (channel, onPayload) => listenOnPool(pool, channel, onPayload),
    close: () => pool.end(),
  };
}

/**
 * A LISTEN needs its own connection for as long as it lasts. If that connection drops (database
 * restart, network), it is re-opened after a pause, so other processes' events keep arriving.
 */
async function listenOnPool(pool: pg.Pool, channel: string, onPayload: (payload: string) => void) {
  checkChannel(channel);
  let stopped = false;
  let client: pg.PoolClient | null = null;
  const open = async () => {
    const c = await pool.connect();
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
    });
    // Stays attached for the client's whole life: an error after `stop` is ignored, not thrown.
    c.on('error', () => {
      if (client !== c) return;
      client = null;
      c.release(true);
      if (!stopped) setTimeout(() => void open().catch(() => {}), 1000).unref();
    });
    await c.query(`LISTEN ${channel}`);
    if (stopped) return c.release();
    client = c;
  };
  await open();
  return async () => {
    stopped = true;
    const c = client;
    client = null;
    if (c) {
      await c.query(`UNLISTEN ${channel}`).catch(() => {});
      c.release();
    }
  };
}
