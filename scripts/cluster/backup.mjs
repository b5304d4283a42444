// pgBackRest for the local cluster (issue 38 item 4): the WAL archive every member pushes to, base
// backups of the leader, and a restore of the whole cluster to a moment in the past.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { backupConf, backupRepo, members } from './layout.mjs';
import { pgbackrest, pgbackrestConfig } from './configs.mjs';
import { postgresAccount } from './prerequisites.mjs';

/** Who runs pgBackRest: the account PostgreSQL runs as (it reads the data folders, owns the repository). */
const runAs = () => (process.getuid?.() === 0 ? postgresAccount() : {});

/** The configuration and the repository's folders, owned by PostgreSQL's account. */
export function prepareBackups(base) {
  const dir = path.dirname(backupConf(base));
  for (const d of [backupRepo(base), path.join(dir, 'log'), path.join(dir, 'lock')]) fs.mkdirSync(d, { recursive: true });
  fs.writeFileSync(backupConf(base), pgbackrestConfig(base));
  const owner = runAs();
  if (owner.uid !== undefined) execFileSync('chown', ['-R', `${owner.uid}:${owner.gid}`, dir]);
}

function run(base, member, ...args) {
  const [command, ...rest] = pgbackrest(base, member, ...args);
  return execFileSync(command, rest, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], cwd: path.dirname(backupConf(base)), ...runAs() });
}

const memberNamed = (name) => {
  const m = members.find((x) => x.name === name);
  if (!m) throw new Error(`no member ${name}`);
  return m;
};

/** Creates the stanza (once; again is a no-op on the same cluster) and checks that archiving works. */
export function initBackups(base, leaderName) {
  const leader = memberNamed(leaderName);
  run(base, leader, 'stanza-create');
  run(base, leader, 'check');
}

/** A base backup of the leader: `full`, `diff` (since the last full) or `incr` (since the last backup). */
export function backup(base, leaderName, type = 'full') {
  run(base, memberNamed(leaderName), `--type=${type}`, 'backup');
  return info(base, leaderName);
}

/** The repository's backups and archive, as pgBackRest reports them (JSON). */
export function info(base, leaderName) {
  return JSON.parse(run(base, memberNamed(leaderName ?? members[0].name), '--output=json', 'info'))[0];
}
