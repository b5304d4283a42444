import fs from 'node:fs';
import path from 'node:path';

/** Linux process state letter, from /proc (null elsewhere or when the process is gone). */
function procState(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * A killed process whose new parent has not reaped it yet is a zombie: it holds nothing, but it
 * still answers kill(pid, 0) – and so PostgreSQL would take its pid file for a live server.
 */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return procState(pid) !== 'Z';
}

/** Processes working in `cluster` (a postmaster and its backends change into it), Linux only. */
function processesIn(cluster: string): number[] {
  if (process.platform !== 'linux') return [];
  const real = fs.realpathSync(cluster);
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d) && Number(d) !== process.pid)
    .filter((d) => {
      try {
        return fs.realpathSync(`/proc/${d}/cwd`) === real;
      } catch {
        return false;
      }
    })
    .map(Number)
    .filter(alive);
}

/**
 * Whether `pid` is a PostgreSQL server working in `cluster`. A postmaster changes into its data
 * directory, so on Linux its working directory names it; a pid that a reboot gave to some other
 * program does not match. Elsewhere the pid file is trusted only while its process lives.
 */
function servesCluster(pid: number, cluster: string): boolean {
  if (!alive(pid)) return false;
  if (process.platform !== 'linux') return true;
  try {
    return fs.realpathSync(`/proc/${pid}/cwd`) === fs.realpathSync(cluster);
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitGone(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!alive(pid)) return true;
    await sleep(50);
  }
  return !alive(pid);
}

/**
 * The app holds the data directory's lock, so a server still running on this cluster was left by
 * an app that died without stopping it (kill -9, the OOM killer): an orphan that keeps the
 * directory. It is shut down (fast, then immediate) before a new one starts. After a power cut
 * nothing runs, and PostgreSQL replaces its pid file and recovers from its WAL by itself – except
 * when the pid file names a zombie (a killed server not yet reaped, which some container init
 * processes leave for long), or a process that outlived its server: those are cleared here.
 */
export async function stopOrphanedServer(cluster: string, say: (msg: string) => void) {
  const pidFile = path.join(cluster, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && servesCluster(pid, cluster)) {
    say(`An embedded PostgreSQL left running by an earlier start (pid ${pid}) still holds ${cluster}: stopping it first.`);
    await stop(pid, ['SIGINT', 'SIGQUIT', 'SIGKILL']);
  }
  // Backends of a server that was killed on its own end by themselves within moments; any left
  // would keep its shared memory, and PostgreSQL would refuse to start.
  for (const left of processesIn(cluster)) await stop(left, ['SIGQUIT', 'SIGKILL']);
  if (!alive(pid)) fs.rmSync(pidFile, { force: true });
}

async function stop(pid: number, signals: NodeJS.Signals[]) {
  for (const signal of signals) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    if (await waitGone(pid, signal === 'SIGINT' ? 30_000 : 10_000)) return;
  }
  throw new Error(`Could not stop the PostgreSQL process ${pid} that holds the embedded database. Stop it, then start again.`);
}
