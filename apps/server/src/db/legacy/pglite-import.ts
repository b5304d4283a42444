import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder } from '../../server-root';
import { appTables, beginLoad, ident, insertBatch, resetSequences, tableBatches, type SourceQuery } from '../backup/table-copy';

/** Where releases before 2026-11 kept their embedded database (PGlite) inside DATA_DIR. */
export const legacyPgliteDir = (dataDir: string) => path.join(dataDir, 'pgdata');
const IMPORTED_MARK = 'imported from PGlite';

/** Opens an old PGlite data directory and brings its schema up to this release's migrations. */
export async function openLegacyPglite(dir: string) {
  const [{ PGlite }, { btree_gist }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/btree_gist'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  // The migrations create btree_gist (migration 0019: bookings never overlap), which PGlite ships
  // as a loadable extension rather than built in.
  const client = await PGlite.create(dir, { extensions: { btree_gist } });
  await migrate(drizzle({ client }), { migrationsFolder });
  return client;
}

/**
 * Carries a DATA_DIR written by a PGlite release into the embedded PostgreSQL server, once.
 *
 * Both sides run this release's migrations first, so their tables match. Every row is copied in
 * one transaction on the new server (all or nothing: a crash half-way leaves nothing, and the next
 * start copies again), through each table's JSON form so PostgreSQL itself converts every value
 * (timestamps, bytea, numbers) exactly. The transaction also marks the database as imported, so a
 * crash between its commit and the renaming of the old folder never copies twice. The old folder
 * is renamed, not deleted: nothing is lost if anything looks wrong afterwards. The encryption key
 * file is not touched: the copied ciphertexts still need it.
 */
export async function importLegacyPglite(dataDir: string, url: string, say: (msg: string) => void): Promise<boolean> {
  const legacy = legacyPgliteDir(dataDir);
  if (!fs.existsSync(path.join(legacy, 'PG_VERSION'))) return false;
  const target = new pg.Client({ connectionString: url });
  await target.connect();
  try {
    const mark = await target.query<{ note: string | null }>(
      'select shobj_description(oid, $1) as note from pg_database where datname = current_database()',
      ['pg_database'],
    );
    if (mark.rows[0]?.note !== IMPORTED_MARK) {
      say(`Carrying the data of the previous embedded database (${legacy}) into PostgreSQL…`);
      const counts = await copyAll(legacy, target);
      say(`Carried over ${Object.values(counts).reduce((a, b) => a + b, 0)} rows in ${Object.keys(counts).length} tables.`);
    }
  } finally {
    await target.end();
  }
  const kept = `${legacy}.pglite-imported`;
  fs.renameSync(legacy, fs.existsSync(kept) ? `${kept}-${Date.now()}` : kept);
  say(`The previous database folder is kept as ${path.basename(kept)}; delete it once you have checked the data.`);
  return true;
}

async function copyAll(legacy: string, target: pg.Client): Promise<Record<string, number>> {
  const source = await openLegacyPglite(legacy);
  const query: SourceQuery = async (text) => (await source.query(text)).rows as never;
  const counts: Record<string, number> = {};
  try {
    const tables = await appTables(target);
    await target.query('begin');
    await beginLoad(target, tables);
    for (const table of tables) {
      let copied = 0;
      for await (const rows of tableBatches(query, table)) copied += await insertBatch(target, table, rows);
      const [expected] = await query<{ n: number }>(`select count(*)::int as n from ${ident(table)}`);
      if (expected!.n !== copied) throw new Error(`${table}: copied ${copied} of ${expected!.n} rows`);
      counts[table] = copied;
      await resetSequences(target, table);
    }
    const [{ d }] = (await target.query<{ d: string }>('select current_database() as d')).rows as [{ d: string }];
    await target.query(`comment on database ${ident(d)} is '${IMPORTED_MARK}'`);
    await target.query('commit');
  } catch (e) {
    await target.query('rollback').catch(() => {});
    throw new Error(`Could not carry the previous embedded database over (nothing was changed): ${(e as Error).message}`);
  } finally {
    await source.close();
  }
  return counts;
}
