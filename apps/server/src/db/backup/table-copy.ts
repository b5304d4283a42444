import type pg from 'pg';

/**
 * Copying whole tables between two databases of the same schema, through each table's JSON form:
 * the source renders its rows with `json_agg`, the target reads them with
 * `json_populate_recordset`, so PostgreSQL itself converts every value (timestamps, bytea,
 * numbers) exactly, whatever the driver would make of them. Used by the PGlite upgrade and by
 * backups.
 */

/** Runs one statement on the source side and returns its rows. */
export type SourceQuery = <R extends object>(text: string) => Promise<R[]>;

export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The app's tables (schema public), in name order. */
export async function appTables(client: pg.Client): Promise<string[]> {
  const res = await client.query<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public' order by tablename");
  return res.rows.map((r) => r.name);
}

/** The rows of `table` as JSON arrays of at most `size` rows, in a stable order. */
export async function* tableBatches(query: SourceQuery, table: string, size = 2000): AsyncGenerator<string> {
  for (let offset = 0; ; offset += size) {
    const [batch] = await query<{ rows: string }>(
      `select coalesce(json_agg(t), '[]')::text as rows from (select * from ${ident(table)} order by ctid offset ${offset} limit ${size}) t`,
    );
    if (!batch || batch.rows === '[]') return;
    yield batch.rows;
  }
}

/**
 * Inside the caller's transaction: empties every table of the target and stops foreign-key checks
 * and triggers until it ends (rows arrive table by table, not in key order; needs a superuser,
 * which the embedded server's role is). Every row was valid where it came from.
 */
export async function beginLoad(target: pg.Client, tables: string[]) {
  await target.query('set local session_replication_role = replica');
  if (tables.length) await target.query(`truncate ${tables.map(ident).join(', ')}`);
}

/** Inserts one JSON array of rows into `table`; returns how many were written. */
export async function insertBatch(target: pg.Client, table: string, rowsJson: string): Promise<number> {
  const columns = (
    await target.query<{ name: string }>(
      "select column_name as name from information_schema.columns where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position",
      [table],
    )
  ).rows.map((r) => ident(r.name));
  const list = columns.join(', ');
  const inserted = await target.query(
    `insert into ${ident(table)} (${list}) overriding system value select ${list} from json_populate_recordset(null::${ident(table)}, $1::json)`,
    [rowsJson],
  );
  return inserted.rowCount ?? 0;
}

/** Serial and identity columns continue after the highest copied value. */
export async function resetSequences(target: pg.Client, table: string) {
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
