import type { Config } from '../config';
import { createPiiCipher, type PiiCipher } from '../lib/crypto';
import { loadMasterKey } from '../lib/master-key';
import { openPglite, openPostgres, type Database } from './client';
import { acquireDataDirLock } from './data-dir-lock';

export interface OpenedStore {
  database: Database;
  pii: PiiCipher;
  /** Closes the database and releases the data-directory lock. */
  close(): Promise<void>;
}

/** PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR (locked against a second process). */
export async function openStore(config: Config): Promise<OpenedStore> {
  const embedded = !config.DATABASE_URL;
  const release = embedded ? acquireDataDirLock(config.dataDir) : () => {};
  try {
    const pii = createPiiCipher(loadMasterKey({ dataKey: config.DATA_KEY, dataDir: config.dataDir, embedded }));
    const database = embedded
      ? await openPglite(`${config.dataDir}/pgdata`)
      : await openPostgres(config.DATABASE_URL!, config.DATABASE_POOL_SIZE);
    await database.migrate();
    return {
      database,
      pii,
      async close() {
        await database.close();
        release();
      },
    };
  } catch (e) {
    release();
    throw e;
  }
}
