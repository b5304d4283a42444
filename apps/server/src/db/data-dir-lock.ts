import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * PGlite has no lock of its own: two processes on one data directory corrupt it. This lock file
 * names its holder by pid and process start time, so a lock left by a crashed process (or whose
 * pid was reused by an unrelated process) is recognised as stale and taken over.
 */
export class DataDirLockedError extends Error {}

interface Holder {
  pid: number;
  started: string | null;
  host: string;
}

/** Linux /proc/<pid>/stat fields after the command name: state (3rd) and start time (22nd). */
function procStat(pid: number): { state: string; started: string } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', started: fields[19] ?? '' };
  } catch {
    return null;
  }
}

function processStart(pid: number): string | null {
  return procStat(pid)?.started ?? null;
}

function isAlive(holder: Holder): boolean {
  if (holder.host !== os.hostname()) return true; // cannot tell for another machine: be safe
  try {
    process.kill(holder.pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
  const stat = procStat(holder.pid);
  // A killed server whose parent has not reaped it yet is a zombie: it holds nothing.
  if (stat?.state === 'Z') return false;
  return holder.started === null || stat === null || stat.started === holder.started;
}

export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.lock');
  const me: Holder = { pid: process.pid, started: processStart(process.pid), host: os.hostname() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(me), { flag: 'wx' });
      return () => {
        try {
          const held = JSON.parse(fs.readFileSync(file, 'utf8')) as Holder;
          if (held.pid === me.pid && held.host === me.host) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    let holder: Holder | null = null;
    try {
      holder = JSON.parse(fs.readFileSync(file, 'utf8')) as Holder;
    } catch {
      holder = null; // unreadable or half-written by a crash: stale
    }
    if (holder && isAlive(holder)) {
      throw new DataDirLockedError(
        `Another server (pid ${holder.pid} on ${holder.host}) is using DATA_DIR ${dataDir}. ` +
          'Stop it first, or start this one with a different DATA_DIR.',
      );
    }
    fs.rmSync(file, { force: true });
  }
  throw new DataDirLockedError(`Could not lock DATA_DIR ${dataDir}: another process keeps taking the lock.`);
}
