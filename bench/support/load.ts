import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  p50Ms: number;
  errors: number;
  non2xx: number;
  /** Answers with a 2xx status, and how long the phase lasted. */
  ok: number;
  seconds: number;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  /** A different body for every request (e.g. one user per registration); overrides `body`. */
  nextBody?: () => string;
  headers?: Record<string, string>;
  connections?: number;
  seconds?: number;
  /** Requests per second over all connections (a steady background load); unlimited if unset. */
  overallRate?: number;
}

function options(opts: LoadOptions): autocannon.Options {
  const { nextBody } = opts;
  return {
    url: opts.url,
    method: opts.method ?? 'GET',
    body: opts.body,
    headers: opts.headers,
    connections: opts.connections ?? 100,
    duration: opts.seconds ?? 10,
    ...(opts.overallRate ? { overallRate: opts.overallRate } : {}),
    ...(nextBody ? { requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, body: nextBody() }) }] } : {}),
  };
}

function summarise(result: autocannon.Result): LoadResult {
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    p50Ms: result.latency.p50,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    ok: result['2xx'],
    seconds: result.duration,
  };
}

/** Drives one URL with autocannon (loopback only) for a bounded time. */
export async function load(opts: LoadOptions): Promise<LoadResult> {
  return summarise(await autocannon(options(opts)));
}

/** A load running in the background until `stop` (or its `seconds`, as an upper bound). */
export function startLoad(opts: LoadOptions): { stop(): Promise<LoadResult> } {
  let instance!: autocannon.Instance;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(options(opts), (err, result) => (err ? reject(err) : resolve(result)));
  });
  return {
    async stop() {
      instance.stop();
      return summarise(await done);
    },
  };
}

/**
 * Runs each phase in turn, `rounds` times over (A B C A B C …), and keeps each phase's best round:
 * a burst of other work on the machine then costs a round, not the ratio.
 */
export async function alternateWith<O extends LoadOptions, K extends string>(
  run: (opts: O) => Promise<LoadResult>,
  phases: Record<K, O>,
  rounds: number,
): Promise<Record<K, LoadResult>> {
  const best = {} as Record<K, LoadResult>;
  for (let i = 0; i < rounds; i++) {
    for (const name of Object.keys(phases) as K[]) {
      const result = await run(phases[name]);
      if (!best[name] || result.requestsPerSecond > best[name].requestsPerSecond) best[name] = result;
    }
  }
  return best;
}
