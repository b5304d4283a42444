import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../server-root';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type repositories see, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  /** `embedded`: the PostgreSQL server this app started under DATA_DIR; `postgres`: DATABASE_URL's. */
  kind: 'embedded' | 'postgres';
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

export async function openPostgres(url: string, poolSize: number, kind: Database['kind'] = 'postgres'): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection that dies (database restart, failover) is dropped and replaced on demand;
  // without a listener, pg would throw the error and end the process.
  pool.on('error', () => {});
  // Fail at start-up with the driver's message rather than on the first request.
  await pool.query('select 1');
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Db,
    kind,
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
