import fs from 'node:fs';
import path from 'node:path';
import { embeddedLayout, runningEmbeddedUrl } from '../../src/db/embedded/embedded-postgres';

/** The postmaster's pid as its pid file names it (undefined when there is none). */
export function postmasterPid(dataDir: string): number | undefined {
  try {
    return Number(fs.readFileSync(path.join(embeddedLayout(dataDir).cluster, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return undefined;
  }
}

/** The embedded server of `dataDir`: its postmaster and every process it started (Linux /proc). */
export function embeddedServerProcesses(dataDir: string): number[] {
  const master = postmasterPid(dataDir);
  if (!master) return [];
  const children = fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === master;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [master, ...children];
}

/** A connection URL to the running embedded server of `dataDir`. */
export function embeddedServerUrl(dataDir: string): string {
  const url = runningEmbeddedUrl(dataDir);
  if (!url) throw new Error(`no embedded server runs on ${dataDir}`);
  return url;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
