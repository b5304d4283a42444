import type { Config } from '../config';
import { createPiiCipher, type PiiCipher } from '../lib/crypto';
import { loadMasterKey } from '../lib/master-key';
import { openPostgres, type Database } from './client';
import { acquireDataDirLock } from './data-dir-lock';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded/embedded-postgres';
import { importLegacyPglite } from './legacy/pglite-import';

export interface OpenedStore {
  database: Database;
  pii: PiiCipher;
  /** The embedded server's process, when this app started one. */
  embedded?: EmbeddedPostgres;
  /** Closes the database (and stops the embedded server) and releases the data-directory lock. */
  close(): Promise<void>;
}

/**
 * PostgreSQL at DATABASE_URL when it is set (the embedded server's binaries are then never
 * loaded); otherwise the embedded PostgreSQL server under DATA_DIR, started by this process,
 * which holds the data directory's lock for as long as it runs.
 */
export async function openStore(config: Config, say: (msg: string) => void = console.log): Promise<OpenedStore> {
  if (config.DATABASE_URL) {
    const pii = createPiiCipher(loadMasterKey({ dataKey: config.DATA_KEY, dataDir: config.dataDir, embedded: false }));
    const database = await openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE);
    await database.migrate();
    return { database, pii, close: () => database.close() };
  }
  const release = acquireDataDirLock(config.dataDir);
  let embedded: EmbeddedPostgres | undefined;
  try {
    const pii = createPiiCipher(loadMasterKey({ dataKey: config.DATA_KEY, dataDir: config.dataDir, embedded: true }));
    embedded = await startEmbeddedPostgres(config.dataDir, say);
    const database = await openPostgres(embedded.url, config.DATABASE_POOL_SIZE, 'embedded');
    await database.migrate();
    await importLegacyPglite(config.dataDir, embedded.url, say);
    const server = embedded;
    return {
      database,
      pii,
      embedded: server,
      async close() {
        await database.close();
        await server.stop();
        release();
      },
    };
  } catch (e) {
    await embedded?.stop();
    release();
    throw e;
  }
}
