import pg from 'pg';

/**
 * Test databases are named `sq_test_<creation time, base-36 seconds>_<random>` (test-database.ts),
 * so a run killed before it could drop its own databases is cleaned up by a later one.
 */
const SCRATCH_NAME = /^sq_test_([0-9a-z]+)_[0-9a-f]{12}$/;
/** Names of before the creation time was in them: dropped when nothing is connected to them. */
const LEGACY_NAME = /^sq_test_[0-9a-f]{12}$/;
/** Older than any run: a run takes well under an hour. */
const STALE_AFTER_MS = 6 * 3_600_000;

/**
 * Drops the test databases that killed runs left on a shared server (TEST_DATABASE_URL): only those
 * named by createScratchDatabase and older than STALE_AFTER_MS, so a run going on beside this one
 * keeps its own.
 */
export async function dropStaleTestDatabases(serverUrl: string, now = Date.now()): Promise<string[]> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string; connected: boolean }>(
      "select datname, exists (select 1 from pg_stat_activity a where a.datname = d.datname) as connected from pg_database d where datname like 'sq\\_test\\_%'",
    );
    const stale = rows
      .filter((r) => {
        const m = SCRATCH_NAME.exec(r.datname);
        if (m) return now - parseInt(m[1]!, 36) * 1000 > STALE_AFTER_MS;
        return LEGACY_NAME.test(r.datname) && !r.connected;
      })
      .map((r) => r.datname);
    for (const name of stale) await admin.query(`drop database if exists ${name} with (force)`);
    return stale;
  } finally {
    await admin.end();
  }
}

