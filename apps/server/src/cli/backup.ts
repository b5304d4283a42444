import path from 'node:path';
import { loadConfig } from '../config';
import { BackupMismatchError, restoreBackup, writeBackup } from '../db/backup/backup-file';
import { runningEmbeddedUrl } from '../db/embedded/embedded-postgres';
import { openStore } from '../db/open';

const USAGE = `Usage:
  npm run backup -- <file>     write a backup of all data to <file> (the app may keep running)
  npm run restore -- <file>    replace all data with the backup's (stop the app first)

The backup holds the data, not the key: keep DATA_DIR/master.key (or DATA_KEY) safe apart from
it – without the key the mobiles and ID numbers in it cannot be read.`;

/**
 * A backup runs against the embedded server the app started, when it is running; otherwise this
 * command starts the server itself (and holds DATA_DIR meanwhile). A restore always starts it
 * itself, so it refuses while the app runs.
 */
async function main([command, file]: string[]) {
  if (!file || (command !== 'backup' && command !== 'restore')) {
    console.log(USAGE);
    return command === 'help' ? 0 : 2;
  }
  const config = loadConfig();
  const target = path.resolve(file);
  const live = command === 'backup' && !config.DATABASE_URL ? runningEmbeddedUrl(config.dataDir) : null;
  const store = live ? null : await openStore(config, () => {});
  const url = live ?? config.DATABASE_URL ?? store!.embedded!.url;
  try {
    if (command === 'backup') {
      const header = await writeBackup(url, target);
      const rows = Object.values(header.rows).reduce((a, b) => a + b, 0);
      console.log(`Backed up ${rows} rows of ${Object.keys(header.rows).length} tables to ${target}.`);
    } else {
      const pii = store!.pii;
      const header = await restoreBackup(url, target, async (client) => {
        // The restored personal data must open with this installation's key, or it is lost.
        const sample = await client.query<{ enc: string }>('select mobile_enc as enc from users limit 1');
        try {
          if (sample.rows[0]) pii.decrypt(sample.rows[0].enc);
        } catch {
          throw new BackupMismatchError(
            'The encryption key here does not open the backup\'s personal data: put the original master.key in DATA_DIR (or set the original DATA_KEY), then restore again. Nothing was changed.',
          );
        }
      });
      console.log(`Restored the backup of ${header.createdAt} from ${target}.`);
    }
    return 0;
  } finally {
    await store?.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    // The message only: a database error's other fields can quote the row it failed on.
    console.error(e instanceof BackupMismatchError ? e.message : `The ${process.argv[2]} failed, nothing was changed: ${(e as Error).message}`);
    process.exit(1);
  },
);
