import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface OpenLoopOptions {
  url: string;
  body: string;
  /** Requests per second, sent on a fixed schedule whatever the answers take. */
  rate: number;
  /** Connections to reuse (kept open by the caller); a new keep-alive pool otherwise. */
  agent?: http.Agent;
}

export interface OpenLoopResult {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  answered: number;
  failed: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/**
 * Residents' polls as they really arrive: one every 1/rate seconds, each timed from the moment it
 * was due until its answer, so time spent waiting for a free connection or a busy server counts
 * (closed-loop tools send the next request only after an answer, and under a stall they send
 * fewer requests instead of recording the wait).
 */
export function startOpenLoop({ url, body, rate, agent: given }: OpenLoopOptions): { stop(): Promise<OpenLoopResult> } {
  const agent = given ?? new http.Agent({ keepAlive: true, maxSockets: 256 });
  const target = new URL(url);
  const latencies: number[] = [];
  let failed = 0;
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  let sent = 0;
  let stopped = false;

  const send = (due: number) => {
    const done = new Promise<void>((resolve) => {
      const req = http.request(
        { agent, host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode === 200) latencies.push(performance.now() - due);
            else failed++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        failed++;
        resolve();
      });
      req.end(body);
    });
    inFlight.add(done);
    void done.then(() => inFlight.delete(done));
  };

  const tick = () => {
    if (stopped) return;
    const now = performance.now();
    // Everything that fell due since the last tick goes now, each timed from its own due time.
    while (started + (sent * 1000) / rate <= now) send(started + (sent++ * 1000) / rate);
    setTimeout(tick, 1);
  };
  tick();

  return {
    async stop() {
      stopped = true;
      await Promise.all(inFlight);
      if (!given) agent.destroy();
      const sorted = [...latencies].sort((a, b) => a - b);
      const round = (n: number) => Math.round(n * 10) / 10;
      return { p50Ms: round(percentile(sorted, 50)), p99Ms: round(percentile(sorted, 99)), maxMs: round(sorted.at(-1) ?? 0), answered: sorted.length, failed };
    },
  };
}
