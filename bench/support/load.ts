import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

/** Drives one URL with autocannon (loopback only) for a bounded time. */
export async function load(opts: { url: string; method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string>; connections?: number; seconds?: number }): Promise<LoadResult> {
  const result = await autocannon({
    url: opts.url,
    method: opts.method ?? 'GET',
    body: opts.body,
    headers: opts.headers,
    connections: opts.connections ?? 100,
    duration: opts.seconds ?? 10,
  });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
