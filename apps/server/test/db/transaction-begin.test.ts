import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releasingFailedBegin } from '../../src/db/client';
import { createScratchDatabase } from '../support/test-database';

/**
 * A transaction whose BEGIN fails (its connection cut just after checkout, as a failover does)
 * must give its pooled client back: drizzle's own transaction() does not (see
 * releasingFailedBegin). With one connection in the pool, a leak would stall every later
 * transaction.
 */
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let pool: pg.Pool;
beforeAll(async () => {
  scratch = await createScratchDatabase();
  pool = new pg.Pool({ connectionString: scratch.url, max: 1, connectionTimeoutMillis: 3_000 });
  pool.on('error', () => {});
  pool.on('connect', (c) => c.on('error', () => {}));
});
afterAll(async () => {
  await pool.end();
  await scratch.drop();
});

describe('a transaction whose BEGIN fails', () => {
  it('gives its client back to the pool, so the next transaction runs', async () => {
    const db = drizzle({ client: releasingFailedBegin(pool) });
    let cut = true;
    // The connection dies the moment the transaction takes it.
    pool.on('acquire', (client) => {
      if (!cut) return;
      cut = false;
      (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    });
    await expect(db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    expect(pool.totalCount - pool.idleCount).toBe(0);
    const again = await db.transaction(async (tx) => (await tx.execute(sql`select 2 as n`)).rows[0]);
    expect(again).toEqual({ n: 2 });
  });
});
