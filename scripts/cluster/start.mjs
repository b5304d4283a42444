// Bringing the parts up in order, each waited for before the next.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { appNodes, DATABASE, databaseUrl, lbOrigin, members, PG_BIN, ports, root, secrets } from './layout.mjs';
import { haproxyConfig, patroniConfig } from './configs.mjs';
import { ensurePrerequisites, postgresAccount } from './prerequisites.mjs';
import { getJson, pidOf, startDetached, waitFor } from './processes.mjs';
import { initBackups, prepareBackups } from './backup.mjs';

/** Patroni's view of the cluster, from any member that answers. */
export async function clusterState() {
  for (const m of members) {
    const res = await getJson(`http://127.0.0.1:${m.restPort}/cluster`).catch(() => null);
    if (res?.status === 200) return res.body;
  }
  throw new Error('no Patroni member answers');
}

/**
 * etcd, the three members and HAProxy. `restoreTo`: the first member is made by pgBackRest's
 * point-in-time restore (configs.mjs) and leads; the others then copy it as replicas.
 */
export async function startDatabase(base, { restoreTo = null } = {}) {
  ensurePrerequisites();
  const secret = secrets(base);
  // PostgreSQL refuses to run as root: started by root, the members run as the postgres account,
  // in folders it owns; started by anyone else, as that user.
  const owner = process.getuid?.() === 0 ? postgresAccount() : null;
  for (const dir of ['run', 'etcd', 'haproxy']) fs.mkdirSync(path.join(base, dir), { recursive: true });
  fs.chmodSync(base, 0o755);

  startDetached(base, 'etcd', '/usr/bin/etcd', [
    '--name', 'sq-etcd',
    '--data-dir', path.join(base, 'etcd', 'data'),
    '--listen-client-urls', `http://127.0.0.1:${ports.etcdClient}`,
    '--advertise-client-urls', `http://127.0.0.1:${ports.etcdClient}`,
    '--listen-peer-urls', `http://127.0.0.1:${ports.etcdPeer}`,
    '--initial-advertise-peer-urls', `http://127.0.0.1:${ports.etcdPeer}`,
    '--initial-cluster', `sq-etcd=http://127.0.0.1:${ports.etcdPeer}`,
  ], { log: path.join(base, 'etcd', 'etcd.log') });
  await waitFor('etcd', async () => (await getJson(`http://127.0.0.1:${ports.etcdClient}/health`)).body?.health === 'true', 30_000);
  console.log(`etcd      127.0.0.1:${ports.etcdClient}`);

  prepareBackups(base);
  const startMember = (m, target = null) => {
    const dir = path.join(base, m.name);
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const config = path.join(dir, 'patroni.yml');
    fs.writeFileSync(config, JSON.stringify(patroniConfig(base, m, secret, target), null, 2), { mode: 0o600 });
    if (owner) execFileSync('chown', ['-R', `${owner.uid}:${owner.gid}`, dir]);
    startDetached(base, m.name, '/usr/bin/patroni', [config], { log: path.join(dir, 'patroni.out'), ...owner, cwd: dir, env: { HOME: dir } });
  };
  if (restoreTo) {
    // Alone first: a second member starting now could win the race to make a new, empty cluster.
    const [first, ...rest] = members;
    startMember(first, restoreTo);
    const restored = await waitFor(
      `${first.name} restored to ${restoreTo} and leading`,
      async () => {
        // A restore that failed (no backup before the instant, say) ends Patroni: said now, not after the timeout.
        if (!pidOf(base, first.name)) return 'stopped';
        return (await clusterState()).members.some((m) => m.name === first.name && m.role === 'leader' && m.state === 'running') && 'leading';
      },
      600_000,
    );
    if (restored === 'stopped') throw new Error(`${first.name} stopped while restoring: see ${path.join(base, 'backup', 'log')} and ${path.join(base, first.name, 'patroni.out')}`);
    // Its patroni.yml back to the ordinary bootstrap, so a later `down --clean` + `up` makes a new cluster.
    fs.writeFileSync(path.join(base, first.name, 'patroni.yml'), JSON.stringify(patroniConfig(base, first, secret), null, 2), { mode: 0o600 });
    for (const m of rest) startMember(m);
  } else {
    for (const m of members) startMember(m);
  }
  // A leader with its synchronous replica, and the third member streaming.
  const state = await waitFor(
    'a Patroni leader, a synchronous replica and another replica',
    async () => {
      const s = await clusterState();
      // Patroni 3.0 says `running` of a replica that streams (later versions say `streaming`).
      const up = s.members.filter((m) => m.state === 'running' || m.state === 'streaming').map((m) => m.role);
      return up.length === 3 && up.includes('leader') && up.includes('sync_standby') ? s : null;
    },
    180_000,
  );
  for (const m of state.members) console.log(`${m.name.padEnd(9)} 127.0.0.1:${m.port} ${m.role}`);

  fs.writeFileSync(path.join(base, 'haproxy', 'haproxy.cfg'), haproxyConfig(base));
  const cfg = path.join(base, 'haproxy', 'haproxy.cfg');
  execFileSync('/usr/sbin/haproxy', ['-c', '-q', '-f', cfg]);
  // -db: in the foreground (logs to its file), stopped by its pid like the others.
  startDetached(base, 'haproxy', '/usr/sbin/haproxy', ['-db', '-f', cfg], { log: path.join(base, 'haproxy', 'haproxy.log') });
  await waitFor('HAProxy to the leader', async () => psql(base, 'postgres', 'select 1') === '1', 30_000);
  if (psql(base, 'postgres', `select 1 from pg_database where datname = '${DATABASE}'`) !== '1') psql(base, 'postgres', `create database ${DATABASE}`);
  initBackups(base, state.members.find((m) => m.role === 'leader').name);
  console.log(`pgbackrest WAL archive and backups in ${path.join(base, 'backup')}`);
  console.log(`haproxy   127.0.0.1:${ports.dbWrite} → leader, ${lbOrigin} → app nodes`);
}

/** One statement through HAProxy (the leader); its single value. */
function psql(base, database, statement) {
  return execFileSync(`${PG_BIN}/psql`, [databaseUrl(base, database), '-XAtqc', statement], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/** The app's environment on every node: the same database, key and settings. */
export function appEnv(base, node) {
  return {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(node.port),
    DATA_DIR: path.join(base, node.name),
    DATABASE_URL: databaseUrl(base),
    DATA_KEY: secrets(base).dataKey,
    TRUST_PROXY: 'true',
    PUBLIC_ORIGIN: lbOrigin,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'info',
  };
}

export async function startApps(base) {
  execFileSync(process.execPath, [path.join(root, 'scripts', 'ensure-build.mjs')], { stdio: 'inherit', cwd: root });
  // One after the other: the first creates the schema and the demo data, the next finds them.
  for (const node of appNodes) await startApp(base, node);
  await waitFor('the load balancer to see the app nodes', async () => (await getJson(`${lbOrigin}/healthz`)).status === 200, 30_000);
}

export async function startApp(base, node) {
  fs.mkdirSync(path.join(base, node.name), { recursive: true });
  startDetached(base, node.name, process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/main.mjs')], {
    log: path.join(base, node.name, 'app.log'),
    env: appEnv(base, node),
    cwd: root,
  });
  await waitFor(`${node.name} on port ${node.port}`, async () => (await getJson(`http://127.0.0.1:${node.port}/healthz`)).status === 200, 120_000);
  console.log(`${node.name.padEnd(9)} http://127.0.0.1:${node.port}`);
}
