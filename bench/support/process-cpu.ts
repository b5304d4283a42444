import fs from 'node:fs';

/** utime + stime of one process from /proc/<pid>/stat, in ms (Linux, clock ticks of 10 ms); null once it is gone. */
function processCpu(pid: number): { ppid: number; ms: number } | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return { ppid: Number(fields[1]), ms: (Number(fields[11]) + Number(fields[12])) * 10 };
  } catch {
    return null;
  }
}

/**
 * CPU time used so far by a process and every process under it (the app and its embedded
 * PostgreSQL's server and backends), in ms. A backend that ended takes its time with it: measure
 * over a phase whose connections stay open (the app's pool does).
 */
export function treeCpuMs(root: number): number {
  const all = new Map<number, { ppid: number; ms: number }>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const p = processCpu(Number(name));
    if (p) all.set(Number(name), p);
  }
  const inTree = (pid: number): boolean => {
    for (let p = pid, depth = 0; p > 1 && depth < 10; p = all.get(p)?.ppid ?? 0, depth++) if (p === root) return true;
    return false;
  };
  let ms = 0;
  for (const [pid, p] of all) if (inTree(pid)) ms += p.ms;
  return ms;
}

/** CPU time used so far by one process alone (the app without its database), in ms. */
export function ownCpuMs(pid: number): number {
  return processCpu(pid)?.ms ?? 0;
}
