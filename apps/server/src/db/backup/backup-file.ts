import fs from 'node:fs';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import pg from 'pg';
import { appTables, beginLoad, ident, insertBatch, resetSequences, tableBatches, type SourceQuery } from './table-copy';

/**
 * A backup of the app's data that needs no tool beyond this app: the embedded server ships no
 * pg_dump, and the machine's may be older than the server (pg_dump refuses newer servers).
 *
 * The file is gzip'd text: a first line of JSON (format, the schema's last migration, row counts),
 * then one line per batch of rows, `table<TAB>[…rows as JSON…]`. All tables are read in one
 * repeatable-read transaction, so the backup is one consistent moment while the app keeps running.
 * It is restored into the same release's schema (the header says which), all or nothing.
 */
const FORMAT = 'sq-community-backup';

interface Header {
  format: typeof FORMAT;
  version: 1;
  migration: string;
  createdAt: string;
  rows: Record<string, number>;
}

async function lastMigration(client: pg.Client): Promise<string> {
  const res = await client.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1');
  return res.rows[0]?.hash ?? 'none';
}

/** Writes a backup of the database at `url` to `file` (via a temporary file, synced, then renamed). */
export async function writeBackup(url: string, file: string): Promise<Header> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const partial = `${file}.partial`;
  try {
    await client.query('begin isolation level repeatable read read only');
    const tables = await appTables(client);
    const rows: Record<string, number> = {};
    for (const t of tables) rows[t] = (await client.query<{ n: number }>(`select count(*)::int as n from ${ident(t)}`)).rows[0]!.n;
    const header: Header = { format: FORMAT, version: 1, migration: await lastMigration(client), createdAt: new Date().toISOString(), rows };
    const query: SourceQuery = async (text) => (await client.query(text)).rows as never;
    async function* lines() {
      yield JSON.stringify(header) + '\n';
      for (const table of tables) for await (const batch of tableBatches(query, table)) {
        // json_agg puts a line break between rows; inside values line breaks are escaped (\n).
        yield `${table}\t${batch.replaceAll('\n', '')}\n`;
      }
    }
    await pipeline(Readable.from(lines()), zlib.createGzip(), fs.createWriteStream(partial, { mode: 0o600 }));
    await client.query('commit');
    const fd = fs.openSync(partial, 'r');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(partial, file);
    return header;
  } catch (e) {
    fs.rmSync(partial, { force: true });
    throw e;
  } finally {
    await client.end();
  }
}

export class BackupMismatchError extends Error {}

/**
 * Replaces every row of the database at `url` (migrated to the backup's schema) with the backup's,
 * in one transaction: a damaged or mismatched file, or a `check` that throws, changes nothing.
 */
export async function restoreBackup(url: string, file: string, check?: (client: pg.Client) => Promise<void>): Promise<Header> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const input = readline.createInterface({ input: fs.createReadStream(file).pipe(zlib.createGunzip()), crlfDelay: Infinity });
  try {
    let header: Header | undefined;
    const written: Record<string, number> = {};
    let tables: string[] = [];
    for await (const line of input) {
      if (!header) {
        header = JSON.parse(line) as Header;
        if (header.format !== FORMAT) throw new BackupMismatchError(`${file} is not a backup of this app.`);
        if (header.migration !== (await lastMigration(client))) {
          throw new BackupMismatchError('The backup was made by another release (its database schema differs): restore it with that release.');
        }
        tables = await appTables(client);
        await client.query('begin');
        await beginLoad(client, tables);
        continue;
      }
      const tab = line.indexOf('\t');
      const table = line.slice(0, tab);
      if (!tables.includes(table)) throw new BackupMismatchError(`The backup holds a table this release does not have: ${table}`);
      written[table] = (written[table] ?? 0) + (await insertBatch(client, table, line.slice(tab + 1)));
    }
    if (!header) throw new BackupMismatchError(`${file} is empty.`);
    for (const [table, n] of Object.entries(header.rows)) {
      if ((written[table] ?? 0) !== n) throw new BackupMismatchError(`${table}: the backup should hold ${n} rows, it held ${written[table] ?? 0} (file cut short?)`);
    }
    for (const table of tables) await resetSequences(client, table);
    await check?.(client);
    await client.query('commit');
    return header;
  } catch (e) {
    await client.query('rollback').catch(() => {});
    throw e;
  } finally {
    input.close();
    await client.end();
  }
}
