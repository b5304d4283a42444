import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { readXlsx } from '@sq/server/test/support/read-xlsx';
import { openBenchDatabase } from './support/bench-app';
import http from 'node:http';
import { startOpenLoop, type OpenLoopResult } from './support/open-loop';
import { bulkInsertRegistrations } from './support/registrations';
import { startApp } from './support/server-process';
import type { BenchReport } from './report';

const HOME = 'DEMO000001';
const ROWS = 50_000;
/** 1,000 residents waiting at gates, each asking every 2 s (PASS_POLL_MS). */
const GATE_RATE = 500;
/** Waiting residents' phones keep their connections open between polls (keep-alive). */
const WARM_UP_SECONDS = 3;

/**
 * The .xlsx export of 50,000 registrations (issue 7) through the real server in a child process
 * (`main.ts`, so its memory can be read from /proc): time, size and peak RSS growth, and the
 * gate hot path's p99 while it runs (target ≤ 100 ms) against the same gate load without it:
 * 500 polls a second on a fixed schedule, each timed from when it was due (support/open-loop.ts).
 */
export async function exportBench(seconds: number): Promise<BenchReport> {
  const store = await openBenchDatabase();
  await bulkInsertRegistrations(store.database.db, store.pii, HOME, ROWS, 4);
  await store.database.db.execute(sql`VACUUM (ANALYZE) registrations`);
  const kind = store.database.kind;
  // The server process opens the same data (PGlite allows one process per data directory).
  await store.close();
  const server = await startApp(store.env);
  try {
    const post = (p: string, body: object) =>
      fetch(server.origin + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
        (r) => r.json() as Promise<{ data: Record<string, string> }>,
      );
    const login = async (mobile: string) => (await post('/v1/auth/login', { mobile, code: (await post('/v1/auth/smsCode', { mobile })).data.devCode })).data.token!;
    const admin = await login('13800000001');
    const resident = await login('13800000004');
    const my = await fetch(`${server.origin}/v1/userCard/my?poiId=${HOME}&pass=1`, { headers: { token: resident } }).then(
      (r) => r.json() as Promise<{ data: { userCard: { code: string } } }>,
    );
    // One pool of connections for the whole run, opened during the warm-up: residents already
    // waiting at the gate, polling on their open connections.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
    const gate = { url: `${server.origin}/v1/userCard/checkCodeInfo`, body: JSON.stringify({ token: resident, poiId: HOME, code: my.data.userCard.code }), rate: GATE_RATE, agent };
    const phase = async (ms: number) => {
      const polls = startOpenLoop(gate);
      await new Promise((resolve) => setTimeout(resolve, ms));
      return polls.stop();
    };
    await phase(WARM_UP_SECONDS * 1000);
    const alone = await phase(seconds * 1000);

    const rssBefore = server.rss();
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, server.rss())), 20);
    const during = startOpenLoop(gate);
    const started = performance.now();
    // A form post, as the management page sends it (spec §7 `?export=1`).
    const res = await fetch(`${server.origin}/v1/userCard/list?export=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: admin, poiId: HOME }).toString(),
    });
    const file = new Uint8Array(await res.arrayBuffer());
    const exportSeconds = (performance.now() - started) / 1000;
    const withExport = await during.stop();
    agent.destroy();
    clearInterval(sampler);
    if (res.status !== 200) throw new Error(`export answered ${res.status}: ${new TextDecoder().decode(file).slice(0, 200)}`);
    const rows = (await readXlsx(file)).rows.length - 1;

    const answered = (r: OpenLoopResult) => `${r.answered} polls answered${r.failed ? `, ${r.failed} FAILED` : ''}`;
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
    return {
      name: `export: ${ROWS.toLocaleString('en-US')} registrations as .xlsx, gate polled meanwhile (${kind})`,
      unit: 'ms p99 (checkCodeInfo)',
      baseline: { label: `gate alone, ${GATE_RATE} req/s`, value: alone.p99Ms },
      measured: { label: 'gate during the export', value: withExport.p99Ms },
      notes: [
        `target p99 ≤ 100 ms during the export; p50 ${withExport.p50Ms} ms (alone ${alone.p50Ms} ms), max ${withExport.maxMs} ms (alone ${alone.maxMs} ms); ${answered(alone)} alone, ${answered(withExport)} during`,
        `    export: ${rows.toLocaleString('en-US')} rows, ${mb(file.length)} in ${exportSeconds.toFixed(1)} s (${Math.round(rows / exportSeconds).toLocaleString('en-US')} rows/s)`,
        `    server RSS: ${mb(rssBefore)} before, peak ${mb(rssPeak)} (+${mb(rssPeak - rssBefore)}), sampled every 20 ms`,
      ].join('\n'),
    };
  } finally {
    await server.stop();
    await store.drop();
  }
}
