import { performance } from 'node:perf_hooks';

export interface LatencyResult {
  p50Ms: number;
  p95Ms: number;
  requests: number;
  failures: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/**
 * One client asking again and again for `seconds` (after a few unmeasured warm-up requests):
 * the latency one person sees on an otherwise idle server, which autocannon's percentiles
 * (no p95, and many connections queueing) do not give.
 */
export async function sequentialLatency(request: () => Promise<Response>, seconds: number): Promise<LatencyResult> {
  for (let i = 0; i < 5; i++) await (await request()).arrayBuffer();
  const times: number[] = [];
  let failures = 0;
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const start = performance.now();
    const res = await request();
    await res.arrayBuffer();
    times.push(performance.now() - start);
    if (!res.ok) failures++;
  }
  times.sort((a, b) => a - b);
  return { p50Ms: percentile(times, 50), p95Ms: percentile(times, 95), requests: times.length, failures };
}
