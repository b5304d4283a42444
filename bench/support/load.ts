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
 * Loads the baseline and the measured target in turn, `rounds` times each (A B A B …), and keeps
 * each side's best round: a burst of other work on the machine then costs a round, not the ratio.
 */
export function alternate(baseline: LoadOptions, measured: LoadOptions, rounds = 2) {
  return alternateWith(load, baseline, measured, rounds);
}

/** `alternate` with a given way of running one load phase (here, or in another process). */
export async function alternateWith<O extends LoadOptions>(
  run: (opts: O) => Promise<LoadResult>,
  baseline: O,
  measured: O,
  rounds: number,
): Promise<{ baseline: LoadResult; measured: LoadResult }> {
  let best: { baseline: LoadResult; measured: LoadResult } | undefined;
  const better = (a: LoadResult | undefined, b: LoadResult) => (!a || b.requestsPerSecond > a.requestsPerSecond ? b : a);
  for (let i = 0; i < rounds; i++) {
    const b = await run(baseline);
    const m = await run(measured);
    best = { baseline: better(best?.baseline, b), measured: better(best?.measured, m) };
  }
  return best!;
}
