import { startListeningApp } from '@sq/server/test/support/listening-app';
import { startHelloServer } from './support/hello-server';
import { alternate } from './support/load';
import type { BenchReport } from './report';

/**
 * The gate hot path (issue 7, target ≥ 50 % of bare node:http, p99 ≤ 25 ms): every resident
 * waiting at the gate asks POST /v1/userCard/checkCodeInfo every 2 s with a real code.
 */
export async function gateHotPathBench(seconds: number): Promise<BenchReport> {
  const hello = await startHelloServer();
  const app = await startListeningApp({ verifyAnswers: false });
  const token = await app.login('13800000004');
  const my = await fetch(`${app.origin}/v1/userCard/my?poiId=DEMO000001&pass=1`, { headers: { token } }).then((r) => r.json() as Promise<{ data: { userCard: { code: string } } }>);
  const { baseline, measured } = await alternate({ url: hello.url, seconds }, {
    url: `${app.origin}/v1/userCard/checkCodeInfo`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, poiId: 'DEMO000001', code: my.data.userCard.code }),
    seconds,
  });
  await Promise.all([app.close(), hello.close()]);

  return {
    name: `gate hot path: checkCodeInfo (${app.database.kind})`,
    unit: 'req/s',
    baseline: { label: 'node:http hello', value: baseline.requestsPerSecond },
    measured: { label: 'checkCodeInfo', value: measured.requestsPerSecond },
    notes: `p99 ${measured.p99Ms} ms (target ≤ 25 ms; baseline ${baseline.p99Ms} ms); errors ${measured.errors}, non-2xx ${measured.non2xx}`,
  };
}
