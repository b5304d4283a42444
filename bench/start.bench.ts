import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { adminQuery } from './support/bench-app';
import { treePss } from './support/pss';
import { spawnServer, startCommand } from './support/server-process';
import type { BenchReport } from './report';

const RUNS = 3;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** A bare node:http server printing its address, as the floor any Node server's start stands on. */
const HELLO = `require('node:http').createServer((q, s) => s.end('ok')).listen(0, '127.0.0.1', function () { console.log('http://127.0.0.1:' + this.address().port) })`;

/** What `npm start` runs once the build is in place (scripts/ensure-build.mjs): the bundled server. */
const startApp = (env: Record<string, string>) =>
  spawnServer(startCommand(), { PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'development', DATABASE_URL: '', ...env }, '/healthz');

/**
 * `npm start` (issues 7, 12): a fresh start (new data: initdb of the embedded server, migrations,
 * demo seed, key file) to the first answered GET /healthz, a restart on the data it left, and the
 * memory of the whole tree (app and its database processes) after each as PSS, against a bare
 * `node -e` node:http process started and asked the same way. Median of 3. Needs `npm run build`.
 */
export async function startBench(): Promise<BenchReport> {
  const url = process.env.TEST_DATABASE_URL;
  const bare: number[] = [];
  const bareRss: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const s = await spawnServer(['-e', HELLO], {}, '/');
    bare.push(s.readyMs);
    bareRss.push(treePss(s.child.pid!));
    await s.stop();
  }

  const fresh: number[] = [];
  const restart: number[] = [];
  const freshRss: number[] = [];
  const restartRss: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-start-'));
    const name = `sq_bench_${randomBytes(6).toString('hex')}`;
    let env: Record<string, string> = { DATA_DIR: dataDir };
    if (url) {
      await adminQuery(url, `create database ${name}`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      env = { ...env, DATABASE_URL: target.toString(), DATA_KEY: randomBytes(32).toString('base64') };
    }
    try {
      for (const [times, rss] of [
        [fresh, freshRss],
        [restart, restartRss],
      ] as const) {
        const app = await startApp(env);
        times.push(app.readyMs);
        rss.push(treePss(app.child.pid!, url ? undefined : dataDir));
        await app.stop();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (url) await adminQuery(url, `drop database if exists ${name} with (force)`);
    }
  }

  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  return {
    name: `start: node apps/server/dist/main.mjs to first GET /healthz (${url ? 'postgres' : 'embedded PostgreSQL'}, median of ${RUNS})`,
    unit: 'ms',
    baseline: { label: 'node -e node:http to first answer', value: median(bare) },
    measured: { label: 'fresh start (new data)', value: median(fresh) },
    notes: [
      `restart on existing data ${ms(median(restart))}; runs: fresh ${fresh.map(ms).join(', ')}; restart ${restart.map(ms).join(', ')}`,
      `    memory after start (PSS of app + database processes): fresh ${mb(median(freshRss))}, restart ${mb(median(restartRss))}, bare node:http ${mb(median(bareRss))}`,
    ].join('\n'),
  };
}
