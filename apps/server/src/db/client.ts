import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../server-root';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type repositories see, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** The rows of a raw `db.execute(sql…)`: node-postgres's result, typed by the caller's select list. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const dialect = new PgDialect();

/**
 * A statement written in SQL and prepared by name, as the query builder's `.prepare(name)` does:
 * parsed and planned once per connection, not at every call. For statements the builder cannot
 * write (a scan's CTEs with INSERT … ON CONFLICT … WHERE); values are `sql.placeholder(name)`s,
 * given to `execute`. Worth it on a path every scan or order takes (bench/README.md).
 */
export function preparedSql<T>(db: Db, name: string, statement: SQL) {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false);
  return { execute: async (values: Record<string, unknown>) => rowsOf<T>(await prepared.execute(values)) };
}

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

/**
 * drizzle-orm's node-postgres `transaction()` runs BEGIN before the try/finally that releases the
 * pooled client (drizzle-orm issues #6023 and #6241, open for 0.45.x and 1.0.0-rc): when BEGIN
 * fails – a connection cut by a restart or a failover just after checkout – the client is never
 * released, the pool shrinks by one for good, and at shutdown `pool.end()` waits for it for ever
 * (seen in test/database-outage.test.ts). The pool drizzle gets hands its transactions clients that
 * release themselves, destroyed, when their BEGIN fails. Everything else is the pool itself.
 * Remove once drizzle ships the fix.
 */
export function releasingFailedBegin(pool: pg.Pool): pg.Pool {
  const connect = async () => {
    const client = await pool.connect();
    const query = client.query;
    // The statement after checkout is the transaction's BEGIN; only that one is watched.
    client.query = function (this: pg.PoolClient, ...args: unknown[]) {
      client.query = query;
      const first = args[0] as string | { text?: string } | undefined;
      const text = typeof first === 'string' ? first : (first?.text ?? '');
      const result = (query as (...a: unknown[]) => unknown).apply(client, args);
      if (!/^\s*begin\b/i.test(text) || !(result instanceof Promise)) return result;
      return result.catch((e: unknown) => {
        client.release(e instanceof Error ? e : new Error(String(e)));
        throw e;
      });
    } as typeof client.query;
    return client;
  };
  return new Proxy(pool, {
    get(target, prop) {
      if (prop === 'connect') return connect;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The advisory lock the migrating node holds (any fixed number no other code takes). */
const MIGRATION_LOCK = 7_202_611;

const CHANNEL = /^[a-z_]+$/;
function checkChannel(channel: string) {
  // Channel names go into SQL as identifiers: only plain lower-case names are allowed.
  if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
}

export async function openPostgres(url: string, poolSize: number, kind: Database['kind'] = 'postgres'): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // A dead primary (failover, restart) must fail a request in seconds, not hang it: the request
    // is answered 503 and the next one connects afresh (through HAProxy, to the new leader).
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
    // Kept open while idle for minutes, not pg-pool's 10 s: when the gate's polls are all answered
    // from memory the connections went idle and closed, and the next wave of cache re-reads paid
    // for new backends (a fork, the login, every prepared statement prepared again) in the poll's
    // tail (issue 32 item 16). A dead connection still leaves at once ('error', keepAlive).
    idleTimeoutMillis: 5 * 60_000,
  });
  // A connection that dies (database restart, failover) emits 'error'; without a listener Node
  // ends the process. The pool listens only while a client is idle, so every client gets a listener
  // of its own for its whole life, checked out inside a transaction included: the query in flight
  // fails (answered 503 by plugins/errors.ts) and pg-pool drops the dead client on release.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  // Fail at start-up with the driver's message rather than on the first request.
  await pool.query('select 1');
  const db = drizzlePg({ client: releasingFailedBegin(pool), schema });
  const listener = createListener(url);
  return {
    db: db as unknown as Db,
    kind,
    // Nodes of a new release may start together: one migrates while the others wait on the lock,
    // then find nothing left to do (without it, the second node's start failed on a table the
    // first had just created).
    async migrate() {
      const holder = await pool.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(db, { migrationsFolder });
      } finally {
        await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        holder.release();
      }
    },
    async notify(channel, payload) {
      checkChannel(channel);
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    listen: (channel, onPayload) => listener.listen(channel, onPayload),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * Every LISTEN of a process shares one connection of its own, outside the pool (so listening never
 * takes connections from requests). If it drops (database restart, network), it is re-opened
 * after a pause and every channel listened to again, so other processes' events keep arriving.
 */
function createListener(url: string) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | null = null;
  let opening: Promise<pg.Client> | null = null;
  let closed = false;

  // Re-opened after a pause, and again after every failed try, until the database answers (a
  // failover takes seconds to tens of seconds): events of other processes must reach this one again.
  const reopenLater = () => {
    if (!closed) setTimeout(() => void connected().catch(reopenLater), 1000).unref();
  };
  const lost = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    void c.end().catch(() => {});
    reopenLater();
  };
  const open = async () => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, keepAlive: true });
    c.on('notification', (n) => {
      if (n.payload !== undefined) for (const h of handlers.get(n.channel) ?? []) h(n.payload);
    });
    // Stays attached for the client's whole life: an error after close is ignored, not thrown.
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    await c.connect();
    for (const channel of handlers.keys()) await c.query(`LISTEN ${channel}`);
    client = c;
    if (closed) await c.end();
    return c;
  };
  const connected = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    opening ??= open().finally(() => (opening = null));
    return opening;
  };

  return {
    async listen(channel: string, onPayload: (payload: string) => void) {
      checkChannel(channel);
      const set = handlers.get(channel) ?? new Set();
      handlers.set(channel, set);
      set.add(onPayload);
      // LISTEN twice is harmless: a connection opened meanwhile may have listened already.
      await (await connected()).query(`LISTEN ${channel}`);
      return async () => {
        set.delete(onPayload);
        if (set.size || handlers.get(channel) !== set) return;
        handlers.delete(channel);
        await client?.query(`UNLISTEN ${channel}`).catch(() => {});
      };
    },
    async close() {
      closed = true;
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
