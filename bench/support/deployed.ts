import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freeLoopbackPort } from '@sq/server/lib/free-port';
import { alternateWith, type LoadOptions, type LoadResult } from './load';
import { startCommand } from './server-process';

const root = path.resolve(import.meta.dirname, '../..');

async function waitFor(url: string, child: ChildProcess, what: string) {
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}) before answering`);
    const res = await fetch(url).catch(() => null);
    if (res) {
      await res.arrayBuffer();
      if (res.ok) return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} did not answer ${url}`);
}

export interface DeployedServer {
  origin: string;
  pid: number;
  /** Where its output went (the app's log, as a process manager would keep it). */
  logFile: string;
  stop(): Promise<void>;
}

function stopper(child: ChildProcess) {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
}

/**
 * The app as deployed: the built server (`npm start`'s `apps/server/dist/main.mjs`) in its own
 * process on `env`'s data, with its default logging (LOG_LEVEL unset: every request's access-log
 * line) written to a file, as under a process manager. The demo seed is assumed in place.
 */
export async function startDeployedApp(env: Record<string, string>, nodeArgs: string[] = []): Promise<DeployedServer> {
  const port = await freeLoopbackPort();
  const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sq-bench-log-')), 'app.log');
  const out = fs.openSync(logFile, 'a');
  const { LOG_LEVEL: _ignored, ...inherited } = process.env;
  // BENCH_APP_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`): where the app's time goes under the bench's load.
  const extra = process.env.BENCH_APP_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...extra, ...nodeArgs, ...startCommand()], {
    cwd: root,
    // No retention run in the middle of a measured round (it scans the registrations once a day).
    env: { ...inherited, NODE_ENV: 'development', SEED_DEMO: 'false', DATABASE_URL: '', RETENTION_EVERY_HOURS: '0', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(`${origin}/healthz`, child, 'the app');
  return { origin, pid: child.pid!, logFile, stop: stopper(child) };
}

/**
 * The baseline: bare node:http in its own process too. It reads the request's body to its end and
 * parses it when there is one – what any server must do before answering the POSTs measured here –
 * and answers a small JSON.
 */
export async function startHelloProcess(): Promise<DeployedServer & { url: string }> {
  const port = await freeLoopbackPort();
  const body = JSON.stringify({ code: 200, message: 'ok', data: { hello: 'world' } });
  const program = `const b = ${JSON.stringify(body)};
require('node:http').createServer((q, s) => {
  let d = '';
  q.setEncoding('utf8');
  q.on('data', (c) => (d += c));
  q.on('end', () => {
    try { if (d) JSON.parse(d); } catch {}
    s.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(b) });
    s.end(b);
  });
}).listen(${port}, '127.0.0.1')`;
  const child = spawn(process.execPath, ['-e', program], { stdio: 'ignore' });
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(`${origin}/`, child, 'the node:http baseline');
  return { origin, url: `${origin}/`, pid: child.pid!, logFile: '', stop: stopper(child) };
}

/** One load phase run by autocannon in a process of its own. `bodies` are sent in turn. */
export async function loadFromAnotherProcess(opts: LoadOptions & { bodies?: string[] }): Promise<LoadResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-load-'));
  const file = path.join(dir, 'options.json');
  fs.writeFileSync(file, JSON.stringify(opts));
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'load-child.ts'), file], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`load generator exited ${code}`);
    return JSON.parse(out) as LoadResult;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** `alternateWith` (load.ts) with each phase's load generator in a process of its own. */
export const alternateDeployed = <K extends string>(phases: Record<K, LoadOptions & { bodies?: string[] }>, rounds = 2) =>
  alternateWith(loadFromAnotherProcess, phases, rounds);

/** Logs in through the real endpoints with the development SMS provider's code. */
export async function loginAt(origin: string, mobile: string): Promise<string> {
  const post = (p: string, body: object) =>
    fetch(origin + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<{ data: Record<string, string> }>);
  const sent = await post('/v1/auth/smsCode', { mobile });
  return (await post('/v1/auth/login', { mobile, code: sent.data.devCode! })).data.token!;
}
