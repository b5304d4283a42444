import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { preloadXlsxWriter } from './lib/xlsx/xlsx-stream';
import { TurnBatchedLines } from './lib/turn-batched-lines';
import { DataDirLockedError } from './db/data-dir-lock';
import { NoEmbeddedPostgresError } from './db/embedded/binaries';
import { openStore } from './db/open';
import { DEMO_ACCOUNTS } from './seed/demo-accounts';
import { seedDemoIfEmpty } from './seed/demo';

/**
 * Log lines go to stdout asynchronously: each write is queued and lines that arrive meanwhile are
 * written together, so a busy gate never waits on the terminal or the process manager's pipe.
 * What is queued is written out before the process exits.
 */
const logStream = new TurnBatchedLines(1);
const exit = (code: number) => {
  logStream.flushSync();
  process.exit(code);
};

async function main() {
  const config = loadConfig();
  const store = await openStore(config);
  let seeded: boolean;
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    seeded = config.SEED_DEMO ? await seedDemoIfEmpty(store.database.db, store.pii) : false;
    app = await buildApp({ config, database: store.database, pii: store.pii, logStream });
  } catch (e) {
    await store.close(); // never leave the embedded server running without its app
    throw e;
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    await app.close();
    app.log.info('requests finished; closing the database');
    await store.close();
    app.log.info('closed');
    exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  let address: string;
  try {
    address = await app.listen({ port: config.PORT, host: config.HOST });
  } catch (e) {
    // The port is taken, most often: stop the database this start began, then say why.
    closing = true;
    await app.close();
    await store.close();
    throw e;
  }
  // Off the first export's path: loading the xlsx writer blocks the event loop for a moment.
  setImmediate(preloadXlsxWriter);
  const where = store.embedded ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL';
  console.log(`\n社区服务 is running at ${address.replace('127.0.0.1', 'localhost')} (${where}${seeded ? ', demo data created' : ''})`);
  if (config.SEED_DEMO && config.SMS_PROVIDER === 'log') {
    console.log('Demo accounts (log in with the mobile; the SMS code is shown on the login page):');
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.mobile}  ${a.role}`);
  }
  console.log(`API documentation: ${address.replace('127.0.0.1', 'localhost')}/docs\n`);
}

main().catch((e: unknown) => {
  if (e instanceof ConfigError || e instanceof DataDirLockedError || e instanceof NoEmbeddedPostgresError) {
    console.error(e.message);
  } else {
    console.error(e);
  }
  process.exit(1);
});
