import type { IMPORT_PHASES } from '@sq/contract/residents/import-residents';

type Phase = (typeof IMPORT_PHASES)[number];
interface Progress {
  phase: Phase;
  done: number;
  total: number;
}

/** A finished import's last state is answered this long, for the page's last look. */
const KEEP_MS = 60_000;
/** Runs tracked at once; imports are rare, so this only bounds what a misbehaving client can leave. */
const MAX_RUNS = 200;

/**
 * How far each running import is, for the page's progress bar (`importProgress`), kept in this
 * process: an import is one request, so the process doing it is the one that knows. Runs are keyed
 * by the person and a name the page chose, so nobody reads another's.
 */
export function createImportProgress(now: () => number = Date.now) {
  const runs = new Map<string, Progress & { endedAt?: number }>();
  const keyOf = (userId: string, name: string) => `${userId}\u0000${name}`;

  const sweep = () => {
    for (const [key, run] of runs) if (run.endedAt !== undefined && now() - run.endedAt > KEEP_MS) runs.delete(key);
    while (runs.size >= MAX_RUNS) runs.delete(runs.keys().next().value!);
  };

  return {
    /** A tracker for one run; without a name from the page, one that records nothing. */
    start(userId: string, name: string | undefined) {
      if (!name) return { set: () => {}, end: () => {} };
      sweep();
      const key = keyOf(userId, name);
      const run: Progress & { endedAt?: number } = { phase: 'reading', done: 0, total: 0 };
      runs.set(key, run);
      return {
        set(phase: Phase, done: number, total: number) {
          Object.assign(run, { phase, done, total });
        },
        /** Ended, written or not: the page stops asking. */
        end() {
          Object.assign(run, { phase: 'done', done: run.total, endedAt: now() });
        },
      };
    },

    get(userId: string, name: string): Progress | undefined {
      const run = runs.get(keyOf(userId, name));
      return run && { phase: run.phase, done: run.done, total: run.total };
    },
  };
}
export type ImportProgress = ReturnType<typeof createImportProgress>;
