import { sql } from 'drizzle-orm';
import type { Database } from './client';

const FIRST_AFTER_MS = 60_000;
const EVERY_MS = 3600_000;

/**
 * PGlite runs no autovacuum (it is one process, without PostgreSQL's background workers), so
 * without this the planner never gets statistics and index-only scans keep visiting the table:
 * the staff list's tab counts on a big community took 75 ms instead of 15 (bench/staff-lists).
 * `VACUUM (ANALYZE)` holds the single connection while it runs; once the table has been
 * vacuumed, later runs skip the pages nothing changed. PostgreSQL's own autovacuum needs none of it.
 */
export function startEmbeddedMaintenance(database: Database, log: { info(msg: string): void; warn(msg: string): void }): () => void {
  let timer: NodeJS.Timeout;
  const run = async () => {
    const started = Date.now();
    try {
      await database.db.execute(sql`VACUUM (ANALYZE)`);
      log.info(`embedded database vacuumed and analysed in ${Date.now() - started} ms`);
    } catch (e) {
      log.warn(`embedded database maintenance failed: ${(e as Error).message}`);
    }
    timer = setTimeout(() => void run(), EVERY_MS).unref();
  };
  timer = setTimeout(() => void run(), FIRST_AFTER_MS).unref();
  return () => clearTimeout(timer);
}
