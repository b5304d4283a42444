import { loadConfig } from '../config';
import { openPostgres } from '../db/client';
import { runningEmbeddedUrl } from '../db/embedded/embedded-postgres';
import { openStore } from '../db/open';
import { createAuditRepo } from '../modules/audit/repo';
import { imageStoreFrom } from '../modules/images/store';
import { createRetentionRepo } from '../modules/retention/repo';
import { runRetention } from '../modules/retention/service';

// `npm run retention`: deletes personal data past each community's retention period once, for
// operators who run it from cron (with RETENTION_EVERY_HOURS=0). While the app runs on the
// embedded server this connects to that server; otherwise it starts it (or uses DATABASE_URL).
const config = loadConfig();
const live = config.DATABASE_URL ? null : runningEmbeddedUrl(config.dataDir);
const store = live ? null : await openStore(config, () => {});
const database = live ? await openPostgres(live, 2, 'embedded') : store!.database;
try {
  const counts = await runRetention({ repo: createRetentionRepo(database.db, imageStoreFrom(config, (detail, msg) => console.warn(msg, detail))), audit: createAuditRepo(database.db) }, new Date());
  console.log(
    counts
      ? `Retention: travel data cleared on ${counts.travel} registrations, ${counts.registrations} ended registrations and ${counts.logs} log lines and ${counts.images} unused photos deleted.`
      : 'Retention: another process is running it right now; nothing done.',
  );
} finally {
  if (live) await database.close();
  await store?.close();
}
