import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder } from '../../server-root';

/** Where releases before 2026-11 kept their embedded database (PGlite) inside DATA_DIR. */
export const legacyPgliteDir = (dataDir: string) => path.join(dataDir, 'pgdata');
const IMPORTED_MARK = 'imported from PGlite';

/** Opens an old PGlite data directory and brings its schema up to this release's migrations. */
export async function openLegacyPglite(dir: string) {
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await PGlite.create(dir);
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

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function copyAll(legacy: string, target: pg.Client): Promise<Record<string, number>> {
  const source = await openLegacyPglite(legacy);
  const counts: Record<string, number> = {};
  try {
    const tables = (
      await target.query<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public' order by tablename")
    ).rows.map((r) => r.name);
    await target.query('begin');
    // Rows arrive table by table, not in foreign-key order: checks and triggers wait (superuser only,
    // which the embedded server's role is). Every row was valid in the source database.
    await target.query('set local session_replication_role = replica');
    if (tables.length) await target.query(`truncate ${tables.map(ident).join(', ')}`);
    for (const table of tables) {
      const columns = (
        await target.query<{ name: string }>(
          "select column_name as name from information_schema.columns where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position",
          [table],
        )
      ).rows.map((r) => ident(r.name));
      const list = columns.join(', ');
      let copied = 0;
      for (;;) {
        const batch = await source.query<{ rows: string }>(
          `select coalesce(json_agg(t), '[]')::text as rows from (select * from ${ident(table)} order by ctid offset ${copied} limit 2000) t`,
        );
        const rows = batch.rows[0]!.rows;
        if (rows === '[]') break;
        const inserted = await target.query(
          `insert into ${ident(table)} (${list}) overriding system value select ${list} from json_populate_recordset(null::${ident(table)}, $1::json)`,
          [rows],
        );
        copied += inserted.rowCount ?? 0;
      }
      const expected = await source.query<{ n: number }>(`select count(*)::int as n from ${ident(table)}`);
      if (expected.rows[0]!.n !== copied) throw new Error(`${table}: copied ${copied} of ${expected.rows[0]!.n} rows`);
      counts[table] = copied;
      await resetSequences(target, table);
    }
    await target.query(`comment on database ${ident((await target.query<{ d: string }>('select current_database() as d')).rows[0]!.d)} is '${IMPORTED_MARK}'`);
    await target.query('commit');
  } catch (e) {
    await target.query('rollback').catch(() => {});
    throw new Error(`Could not carry the previous embedded database over (nothing was changed): ${(e as Error).message}`);
  } finally {
    await source.close();
  }
  return counts;
}

/** Serial and identity columns continue after the highest copied value. */
async function resetSequences(target: pg.Client, table: string) {
  const owned = await target.query<{ col: string; seq: string }>(
    `select a.attname as col, pg_get_serial_sequence($1, a.attname) as seq
       from pg_attribute a where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
        and pg_get_serial_sequence($1, a.attname) is not null`,
    [ident(table)],
  );
  for (const { col, seq } of owned.rows) {
    await target.query(`select setval($1, coalesce((select max(${ident(col)}) from ${ident(table)}), 0) + 1, false)`, [seq]);
  }
}
