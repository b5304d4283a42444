import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { login, post } from '../scripts/cluster/load';
import type { BenchReport } from './report';
import { loadFromAnotherProcess } from './support/deployed';
import type { LoadResult } from './support/load';
import { treeCpuMs } from './support/process-cpu';

const root = path.resolve(import.meta.dirname, '..');
const HOME = 'DEMO000001';
const NODES = 3;
/** A folder of its own; the cluster's ports are fixed (scripts/cluster/layout.mjs): a local cluster must be down. */
const env = { ...process.env, CLUSTER_DIR: '/tmp/sq-cluster/bench', CLUSTER_APP_NODES: String(NODES) };
// layout.mjs reads CLUSTER_APP_NODES when imported: import it after setting it.
process.env.CLUSTER_APP_NODES = String(NODES);
const { appNodes, lbOrigin, members } = await import('../scripts/cluster/layout.mjs');
const { pidOf, stop } = await import('../scripts/cluster/processes.mjs');

function cluster(...args: string[]) {
  const r = spawnSync(process.execPath, [path.join(root, 'scripts/cluster/cluster.mjs'), ...args], { env, stdio: ['ignore', 'inherit', 'inherit'], cwd: root });
  if (r.status !== 0) throw new Error(`npm run cluster -- ${args.join(' ')} exited ${r.status}`);
}

/** CPU used so far by the app nodes still running and by the database members (Patroni with its PostgreSQL). */
function cpu(base: string) {
  const sum = (names: string[]) => names.reduce((s, n) => s + (pidOf(base, n) ? treeCpuMs(pidOf(base, n)!) : 0), 0);
  return { apps: sum(appNodes.map((a) => a.name)), databases: sum(members.map((m) => m.name)) + sum(['haproxy']) };
}

interface Phase {
  nodes: number;
  result: LoadResult;
  appMsPerRequest: number;
  dbMsPerRequest: number;
}

async function measure(base: string, nodes: number, url: string, body: string, seconds: number): Promise<Phase> {
  const request = { url, method: 'POST' as const, headers: { 'content-type': 'application/json' }, body };
  // Warmed first: every node's compiled code and caches (the session, the pass), as in service.
  await loadFromAnotherProcess({ ...request, seconds: 2 });
  const before = cpu(base);
  const result = await loadFromAnotherProcess({ ...request, seconds });
  const after = cpu(base);
  const n = Math.max(1, result.ok);
  return { nodes, result, appMsPerRequest: (after.apps - before.apps) / n, dbMsPerRequest: (after.databases - before.databases) / n };
}

function report(what: string, label: string, phases: Phase[]): BenchReport {
  const one = phases.find((p) => p.nodes === 1)!;
  const all = phases.find((p) => p.nodes === NODES)!;
  return {
    name: `cluster: ${what} through HAProxy with ${NODES}, 2 and 1 app nodes (Patroni, 3 PostgreSQL members, synchronous replication; app nodes as \`npm start\` runs them, access log to a file)`,
    unit: 'req/s',
    baseline: { label: 'one app node', value: one.result.requestsPerSecond },
    measured: { label: `${label}, ${NODES} app nodes`, value: all.result.requestsPerSecond },
    notes: [
      ...phases.map(
        (p) =>
          `${p.nodes} node${p.nodes > 1 ? 's' : ' '}: ${Math.round(p.result.requestsPerSecond).toLocaleString('en-US')} req/s (${(p.result.requestsPerSecond / one.result.requestsPerSecond / p.nodes).toFixed(2)} of one node's rate per node), p99 ${p.result.p99Ms} ms, errors ${p.result.errors}, non-2xx ${p.result.non2xx}; CPU a request: app nodes ${p.appMsPerRequest.toFixed(2)} ms, databases and HAProxy ${p.dbMsPerRequest.toFixed(2)} ms`,
      ),
      `on ${os.cpus().length} cores shared by every node, the three members, HAProxy and the load generator: the nodes divide the same CPU, so the rate does not grow with them here – the CPU a request costs is the figure that sizes a deployment (docs/operations.md); load average ${os.loadavg()[0]!.toFixed(2)}`,
    ].join('\n    '),
  };
}

/**
 * `npm run bench -- cluster` (issue 38 item 5): the local cluster of `npm run cluster` with three
 * app nodes, the gate's poll and a staff member's re-scan through the load balancer (autocannon,
 * 100 connections, from a process of its own), measured with 3 nodes, then 2 and 1 as nodes are
 * stopped (SIGTERM: they drain; HAProxy's checks take them out). Printed per phase: the rate, the
 * rate per node against one node's, and the CPU a request costs the app nodes and the databases.
 */
export async function clusterBench(seconds: number): Promise<BenchReport[]> {
  const base = env.CLUSTER_DIR;
  cluster('down', '--clean');
  cluster('up');
  try {
    const resident = await login(lbOrigin, '13800000004', '10.9.1.1');
    const duty = await login(lbOrigin, '13800000003', '10.9.1.2');
    const my = (await fetch(`${lbOrigin}/v1/userCard/my?poiId=${HOME}&pass=1`, { headers: { token: resident } }).then((r) => r.json())) as { data: { userCard: { code: string } } };
    const code = my.data.userCard.code;
    const scanBody = JSON.stringify({ token: duty, poiId: HOME, code, pass: 1 });
    // Used once: every later scan is the same staff member opening it again (bench staff-scan).
    if ((await post(lbOrigin, '/v1/userCard/userInfo', JSON.parse(scanBody))).status !== 200) throw new Error('the first scan failed');
    const pollBody = JSON.stringify({ token: resident, poiId: HOME, code });
    const polls: Phase[] = [];
    const scans: Phase[] = [];
    for (let nodes = NODES; nodes >= 1; nodes--) {
      if (nodes < NODES) {
        await stop(base, appNodes[nodes]!.name, 30_000);
        // HAProxy's checks (inter 1 s, fall 2) take the stopped node out; a refused connection is retried meanwhile.
        await new Promise((r) => setTimeout(r, 3000));
      }
      polls.push(await measure(base, nodes, `${lbOrigin}/v1/userCard/checkCodeInfo`, pollBody, seconds));
      scans.push(await measure(base, nodes, `${lbOrigin}/v1/userCard/userInfo`, scanBody, seconds));
    }
    return [report("the gate's poll (checkCodeInfo)", 'polls', polls), report("a staff member's re-scan (userInfo, audited)", 'scans', scans)];
  } finally {
    cluster('down', '--clean');
  }
}
