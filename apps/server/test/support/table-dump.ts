import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

/** Every row of the given tables as JSON text: what someone reading the raw database would see. */
export async function tableDump(db: Db, tables: string[]): Promise<string> {
  const result = (await db.execute(
    sql.raw(tables.map((name) => `select row_to_json(x)::text as dump from ${name} x`).join(' union all ')),
  )) as unknown as { rows: { dump: string }[] };
  return result.rows.map((r) => r.dump).join('\n');
}
