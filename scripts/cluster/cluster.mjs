// `npm run cluster -- up|down|status|backup|restore [--dir <base>] [--clean] [--type full|diff|incr]
// [--to <instant>]`: the local cluster of issue 38 – etcd, three PostgreSQL 15 members under
// Patroni, HAProxy, two app nodes behind HAProxy, pgBackRest's WAL archive and backups.
import fs from 'node:fs';
import path from 'node:path';
import { appNodes, baseDir, databaseUrl, lbOrigin, members, ports } from './layout.mjs';
import { clusterState, startApps, startDatabase } from './start.mjs';
import { pidOf, stop } from './processes.mjs';
import { versions } from './prerequisites.mjs';
import { backup as baseBackup, info } from './backup.mjs';

const [command = 'status'] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const base = baseDir();

async function up() {
  const started = Date.now();
  await startDatabase(base);
  await startApps(base);
  console.log(`\nThe cluster is up (${((Date.now() - started) / 1000).toFixed(1)} s), everything under ${base}:`);
  console.log(`  app (load balancer)  ${lbOrigin}   demo accounts: see README (SMS code shown on the login page)`);
  console.log(`  DATABASE_URL         ${databaseUrl(base).replace(/:[^:@]+@/, ':…@')}   (password in ${path.join(base, 'secrets.json')})`);
  console.log(`  HAProxy stats        http://127.0.0.1:${ports.haproxyStats}/`);
  console.log(`  logs                 ${base}/{etcd,pg1,pg2,pg3,haproxy,${appNodes.map((a) => a.name).join(',')}}/*.log`);
  console.log(`  versions             ${JSON.stringify(versions())}`);
}

const option = (name) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};

/** Stops in the order that causes no failover: apps, HAProxy, replicas, the leader, etcd. */
async function down() {
  await stopAll();
  if (process.argv.includes('--clean')) {
    fs.rmSync(base, { recursive: true, force: true });
    console.log(`removed ${base}`);
  } else {
    console.log(`data kept in ${base} (--clean removes it)`);
  }
}

async function stopAll() {
  for (const a of appNodes) if (await stop(base, a.name, 30_000)) console.log(`stopped ${a.name}`);
  if (await stop(base, 'haproxy')) console.log('stopped haproxy');
  const state = await clusterState().catch(() => null);
  const leader = state?.members.find((m) => m.role === 'leader')?.name;
  const order = [...members.filter((m) => m.name !== leader), ...members.filter((m) => m.name === leader)];
  for (const m of order) if (await stop(base, m.name, 60_000)) console.log(`stopped ${m.name} (Patroni and its PostgreSQL)`);
  if (await stop(base, 'etcd')) console.log('stopped etcd');
}

/** A base backup of the leader now (`--type full|diff|incr`, default full); what the repository holds. */
async function backup() {
  const state = await clusterState();
  const leader = state.members.find((m) => m.role === 'leader');
  if (!leader) throw new Error('no leader: is the cluster up?');
  const repo = baseBackup(base, leader.name, option('--type') ?? 'full');
  for (const b of repo.backup) console.log(`${b.label}  ${b.type.padEnd(4)}  ${new Date(b.timestamp.stop * 1000).toISOString()}  ${(b.info.size / 1e6).toFixed(1)} MB`);
  console.log(`WAL archived ${repo.archive.map((a) => `${a.min} … ${a.max}`).join(', ')}`);
}

/**
 * Point-in-time restore of the whole cluster (`--to '2026-11-27 14:30:00+08'`): everything stops,
 * the members' data and the cluster's state in etcd are discarded, the first member is made from
 * the last backup before that instant plus the WAL up to it, the others copy it, the apps start.
 * Whatever was written after the instant is gone: take a backup (or copy the folder) first if it matters.
 */
async function restore() {
  const to = option('--to');
  if (!to) throw new Error("usage: npm run cluster -- restore --to '2026-11-27 14:30:00+08'");
  if (Number.isNaN(Date.parse(to.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')))) throw new Error(`not an instant PostgreSQL reads: ${to}`);
  info(base); // the repository answers before anything is stopped
  await stopAll();
  for (const m of members) fs.rmSync(path.join(base, m.name, 'data'), { recursive: true, force: true });
  fs.rmSync(path.join(base, 'etcd', 'data'), { recursive: true, force: true });
  const started = Date.now();
  await startDatabase(base, { restoreTo: to });
  await startApps(base);
  console.log(`\nRestored to ${to} in ${((Date.now() - started) / 1000).toFixed(1)} s; the app answers at ${lbOrigin}`);
}

async function status() {
  const names = ['etcd', ...members.map((m) => m.name), 'haproxy', ...appNodes.map((a) => a.name)];
  for (const name of names) console.log(`${name.padEnd(8)} ${pidOf(base, name) ? `running (pid ${pidOf(base, name)})` : 'stopped'}`);
  const state = await clusterState().catch(() => null);
  if (state) for (const m of state.members) console.log(`  ${m.name}: ${m.role} ${m.state}${m.lag !== undefined ? `, lag ${m.lag}` : ''}`);
  const health = await fetch(`${lbOrigin}/healthz`, { signal: AbortSignal.timeout(2000) }).catch(() => null);
  console.log(`load balancer ${lbOrigin}/healthz: ${health ? health.status : 'no answer'}`);
}

const commands = { up, down, status, backup, restore };
if (!(command in commands)) {
  console.error("usage: npm run cluster -- up|down|status|backup|restore [--dir <base>] [--clean] [--type full|diff|incr] [--to '<instant>']");
  process.exit(2);
}
commands[command]().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
