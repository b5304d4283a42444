import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * The key that encrypts personal data: DATA_KEY from the environment, or (for the embedded
 * database only) a key file created once beside the data, readable by the owner alone.
 */
export function loadMasterKey(opts: { dataKey?: string; dataDir: string; embedded: boolean }): Buffer {
  if (opts.dataKey) return Buffer.from(opts.dataKey, 'base64');
  if (!opts.embedded) {
    throw new Error('DATA_KEY is required with DATABASE_URL: the key must live with the operator, not on one node');
  }
  const file = path.join(opts.dataDir, 'master.key');
  if (fs.existsSync(file)) {
    const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} is damaged: expected base64 of 32 bytes`);
    return key;
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const key = randomBytes(32);
  fs.writeFileSync(file, key.toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
  return key;
}
