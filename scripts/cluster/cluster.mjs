// `npm run cluster -- up|down|status [--dir <base>] [--clean]`: the local cluster of issue 38 –
// etcd, three PostgreSQL 15 members under Patroni, HAProxy, two app nodes behind HAProxy.
import fs from 'node:fs';
import path from 'node:path';
import { appNodes, baseDir, databaseUrl, lbOrigin, members, ports } from './layout.mjs';
import { clusterState, startApps, startDatabase } from './start.mjs';
import { pidOf, stop } from './processes.mjs';
import { versions } from './prerequisites.mjs';

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
  console.log(`  logs                 ${base}/{etcd,pg1,pg2,pg3,haproxy,app1,app2}/*.log`);
  console.log(`  versions             ${JSON.stringify(versions())}`);
}

/** Stops in the order that causes no failover: apps, HAProxy, replicas, the leader, etcd. */
async function down() {
  for (const a of appNodes) if (await stop(base, a.name, 30_000)) console.log(`stopped ${a.name}`);
  if (await stop(base, 'haproxy')) console.log('stopped haproxy');
  const state = await clusterState().catch(() => null);
  const leader = state?.members.find((m) => m.role === 'leader')?.name;
  const order = [...members.filter((m) => m.name !== leader), ...members.filter((m) => m.name === leader)];
  for (const m of order) if (await stop(base, m.name, 60_000)) console.log(`stopped ${m.name} (Patroni and its PostgreSQL)`);
  if (await stop(base, 'etcd')) console.log('stopped etcd');
  if (process.argv.includes('--clean')) {
    fs.rmSync(base, { recursive: true, force: true });
    console.log(`removed ${base}`);
  } else {
    console.log(`data kept in ${base} (--clean removes it)`);
  }
}

async function status() {
  const names = ['etcd', ...members.map((m) => m.name), 'haproxy', ...appNodes.map((a) => a.name)];
  for (const name of names) console.log(`${name.padEnd(8)} ${pidOf(base, name) ? `running (pid ${pidOf(base, name)})` : 'stopped'}`);
  const state = await clusterState().catch(() => null);
  if (state) for (const m of state.members) console.log(`  ${m.name}: ${m.role} ${m.state}${m.lag !== undefined ? `, lag ${m.lag}` : ''}`);
  const health = await fetch(`${lbOrigin}/healthz`, { signal: AbortSignal.timeout(2000) }).catch(() => null);
  console.log(`load balancer ${lbOrigin}/healthz: ${health ? health.status : 'no answer'}`);
}

const commands = { up, down, status };
if (!(command in commands)) {
  console.error('usage: npm run cluster -- up|down|status [--dir <base>] [--clean]');
  process.exit(2);
}
commands[command]().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
