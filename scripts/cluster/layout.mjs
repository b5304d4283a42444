// Where every part of the local cluster lives: one base folder, one port each (docs/operations.md,
// "The cluster"). Ports 6400–6499 for the database side, 8000–8099 for HTTP.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');
export const PG_BIN = '/usr/lib/postgresql/15/bin';
export const SCOPE = 'sq-cluster';
export const DATABASE = 'community';

export const ports = {
  /** HAProxy: connections to the current leader (what DATABASE_URL names). */
  dbWrite: 6400,
  etcdClient: 6401,
  etcdPeer: 6402,
  /** The load balancer in front of the app nodes: the address users open. */
  http: 8000,
  haproxyStats: 8099,
};

export const members = [1, 2, 3].map((n) => ({ name: `pg${n}`, pgPort: 6410 + n, restPort: 8010 + n }));
/** Two app nodes unless CLUSTER_APP_NODES says how many (1–9; `bench -- cluster` runs three). */
const appNodeCount = Math.min(9, Math.max(1, Number(process.env.CLUSTER_APP_NODES ?? 2) || 2));
export const appNodes = Array.from({ length: appNodeCount }, (_, i) => ({ name: `app${i + 1}`, port: 8001 + i }));

/** The base folder: `--dir <path>`, else CLUSTER_DIR, else /tmp/sq-cluster/local. */
export function baseDir(argv = process.argv) {
  const at = argv.indexOf('--dir');
  return path.resolve(at >= 0 && argv[at + 1] ? argv[at + 1] : (process.env.CLUSTER_DIR ?? '/tmp/sq-cluster/local'));
}

/**
 * Passwords and the app's DATA_KEY, made once per base folder and kept in it (mode 0600): a
 * second `up` reuses them, so the data encrypted by the first one still opens.
 */
export function secrets(base) {
  const file = path.join(base, 'secrets.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8'));
  const word = () => crypto.randomBytes(18).toString('base64url');
  const made = { superuser: word(), replication: word(), dataKey: crypto.randomBytes(32).toString('base64') };
  fs.mkdirSync(base, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(made, null, 2), { mode: 0o600 });
  return made;
}

/** What the app nodes (and the test) connect to: the leader, through HAProxy. */
export function databaseUrl(base, database = DATABASE) {
  return `postgres://postgres:${secrets(base).superuser}@127.0.0.1:${ports.dbWrite}/${database}`;
}

export const lbOrigin = `http://127.0.0.1:${ports.http}`;

/** pgBackRest: its configuration and its repository (WAL archive and base backups), beside the members. */
export const STANZA = SCOPE;
export const backupConf = (base) => path.join(base, 'backup', 'pgbackrest.conf');
export const backupRepo = (base) => path.join(base, 'backup', 'repo');
