import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * How `npm start` runs the built server once the build is in place: node's flags and the bundle,
 * read from package.json's `start` script so a bench measures exactly what is deployed.
 */
export function startCommand(): string[] {
  const start = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const run = /(?:^|&&)\s*node ((?:--[\w-]+(?:=\S+)? )*)(apps\/server\/dist\/main\.mjs)\s*$/.exec(start);
  if (!run) throw new Error(`package.json's start script no longer ends with node … apps/server/dist/main.mjs: ${start}`);
  return [...run[1]!.trim().split(/\s+/).filter(Boolean), run[2]!];
}

export interface ServerProcess {
  child: ChildProcess;
  origin: string;
  /** From spawn to the first answered request, in ms. */
  readyMs: number;
  /** Resident set size now (VmRSS), in bytes. */
  rss(): number;
  stop(): Promise<void>;
}

/** VmRSS of a process from /proc, in bytes (Linux). */
export function rssOf(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? NaN) * 1024;
}

/**
 * Spawns a process that prints its `http://host:port` address once listening (PORT=0), and
 * times it from spawn to the first answer of `probePath`.
 */
export async function spawnServer(args: string[], env: Record<string, string>, probePath: string): Promise<ServerProcess> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const origin = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /http:\/\/(localhost|127\.0\.0\.1):(\d+)/.exec(output);
      if (found) {
        child.stdout!.off('data', onData);
        resolve(`http://127.0.0.1:${found[2]}`);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
  // Keep draining the pipes so a chatty server never blocks on a full one.
  child.stdout!.resume();
  child.stderr!.resume();
  for (;;) {
    const res = await fetch(origin + probePath).catch(() => null);
    if (res) {
      await res.arrayBuffer();
      if (res.ok) break;
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  const readyMs = performance.now() - started;
  return {
    child,
    origin,
    readyMs,
    rss: () => rssOf(child.pid!),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** `npm start` without the web-build check: the real entry point on its own data. */
export const startApp = (env: Record<string, string>) =>
  spawnServer(['--import', 'tsx', 'apps/server/src/main.ts'], { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'development', DATABASE_URL: '', ...env }, '/healthz');
