// The engines the local cluster runs on, from Debian's packages; installed on first use when we
// may (root with apt-get), otherwise the command to run is printed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { PG_BIN } from './layout.mjs';

const NEEDED = [
  { bin: '/usr/bin/patroni', pkg: 'patroni' },
  { bin: '/usr/bin/etcd', pkg: 'etcd-server' },
  { bin: '/usr/sbin/haproxy', pkg: 'haproxy' },
  { bin: `${PG_BIN}/postgres`, pkg: 'postgresql-15' },
  { bin: '/usr/bin/pgbackrest', pkg: 'pgbackrest' },
];

export function ensurePrerequisites() {
  const missing = NEEDED.filter((n) => !fs.existsSync(n.bin)).map((n) => n.pkg);
  if (missing.length === 0) return;
  const command = `apt-get install -y ${missing.join(' ')}`;
  if (process.getuid?.() !== 0 || !fs.existsSync('/usr/bin/apt-get')) {
    throw new Error(`The local cluster needs Debian's ${missing.join(', ')}. Install them first:\n  sudo ${command}`);
  }
  console.log(`First run: installing ${missing.join(', ')} from Debian (${command})…`);
  execFileSync('apt-get', ['install', '-y', ...missing], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

/** The versions in use, for the record (docs/operations.md). */
export function versions() {
  const dpkg = (pkg) => {
    try {
      return execFileSync('dpkg-query', ['-W', '-f=${Version}', pkg], { encoding: 'utf8' });
    } catch {
      return '?';
    }
  };
  return Object.fromEntries(NEEDED.map((n) => [n.pkg, dpkg(n.pkg)]));
}

/** The system account PostgreSQL runs as (it refuses root). */
export function postgresAccount() {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('no postgres account: install postgresql-15 (apt-get install -y postgresql-15)');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}
