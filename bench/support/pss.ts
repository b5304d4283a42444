import fs from 'node:fs';
import path from 'node:path';

/** Proportional set size of one process, in bytes (Linux smaps_rollup): shared pages split among their users. */
function pssOf(pid: number): number {
  try {
    const kb = /^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1];
    return Number(kb ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/**
 * Memory of an app and its embedded database, counted as PSS: PostgreSQL's shared buffers are
 * mapped by every one of its processes, so a plain sum of RSS would count them once per process.
 * The database's processes are those working in DATA_DIR/postgres (a postmaster and its backends
 * change into their data directory).
 */
export function treePss(appPid: number, dataDir?: string): number {
  let total = pssOf(appPid);
  if (!dataDir) return total;
  const cluster = path.join(dataDir, 'postgres');
  if (!fs.existsSync(cluster)) return total;
  const real = fs.realpathSync(cluster);
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d) || Number(d) === appPid) continue;
    try {
      if (fs.realpathSync(`/proc/${d}/cwd`) === real) total += pssOf(Number(d));
    } catch {
      /* gone, or not ours to read */
    }
  }
  return total;
}
