import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

export function createHealthRepo(database: Database) {
  return {
    async ping() {
      await database.db.execute(sql`select 1`);
      return database.kind;
    },
  };
}
