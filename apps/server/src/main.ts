import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { DataDirLockedError } from './db/data-dir-lock';
import { startEmbeddedMaintenance } from './db/embedded-maintenance';
import { openStore } from './db/open';
import { DEMO_ACCOUNTS } from './seed/demo-accounts';
import { seedDemoIfEmpty } from './seed/demo';

async function main() {
  const config = loadConfig();
  const store = await openStore(config);
  const seeded = config.SEED_DEMO ? await seedDemoIfEmpty(store.database.db, store.pii) : false;
  const app = await buildApp({ config, database: store.database, pii: store.pii });
  const stopMaintenance = store.database.kind === 'pglite' ? startEmbeddedMaintenance(store.database, app.log) : () => {};

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    stopMaintenance();
    await app.close();
    await store.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const where = store.database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  console.log(`\n社区服务 is running at ${address.replace('127.0.0.1', 'localhost')} (${where}${seeded ? ', demo data created' : ''})`);
  if (config.SEED_DEMO && config.SMS_PROVIDER === 'log') {
    console.log('Demo accounts (log in with the mobile; the SMS code is shown on the login page):');
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.mobile}  ${a.role}`);
  }
  console.log(`API documentation: ${address.replace('127.0.0.1', 'localhost')}/docs\n`);
}

main().catch((e: unknown) => {
  if (e instanceof ConfigError || e instanceof DataDirLockedError) {
    console.error(e.message);
  } else {
    console.error(e);
  }
  process.exit(1);
});
