// Background processes of the local cluster: started detached with their output to a log file and
// their pid in <base>/run/<name>.pid, so that `down` (another process) can stop them.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const pidFile = (base, name) => path.join(base, 'run', `${name}.pid`);

export function pidOf(base, name) {
  try {
    const pid = Number(fs.readFileSync(pidFile(base, name), 'utf8'));
    return pid > 0 && isAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

/** Running, and not a zombie (a child its parent has not reaped yet counts as gone). */
export function isAlive(pid) {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0] !== 'Z';
  } catch {
    return true;
  }
}

/** Starts `command` unless `name` already runs; returns its pid. */
export function startDetached(base, name, command, args, { log, env, uid, gid, cwd } = {}) {
  const running = pidOf(base, name);
  if (running) return running;
  fs.mkdirSync(path.join(base, 'run'), { recursive: true });
  const out = fs.openSync(log, 'a');
  const child = spawn(command, args, { detached: true, stdio: ['ignore', out, out], env: { ...process.env, ...env }, uid, gid, cwd });
  fs.closeSync(out);
  child.unref();
  fs.writeFileSync(pidFile(base, name), String(child.pid));
  return child.pid;
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once it is gone. */
export async function stop(base, name, graceMs = 20_000) {
  const pid = pidOf(base, name);
  if (pid) {
    process.kill(pid, 'SIGTERM');
    const until = Date.now() + graceMs;
    while (isAlive(pid) && Date.now() < until) await sleep(100);
    if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    while (isAlive(pid)) await sleep(50);
  }
  fs.rmSync(pidFile(base, name), { force: true });
  return Boolean(pid);
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it returns a truthy value, or throws `what` after `timeoutMs`. */
export async function waitFor(what, check, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => null);
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

/** GET a URL; the status and the parsed JSON body (null when not JSON). */
export async function getJson(url, timeoutMs = 2000) {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  const text = await res.text();
  let body = null;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body };
}
