import { startListeningApp } from '@sq/server/test/support/listening-app';
import { startHelloServer } from './support/hello-server';
import { alternate } from './support/load';
import type { BenchReport } from './report';

/**
 * An authenticated call (POST /v1/mobile/community/userInfo): session look-up, membership and
 * mobile decryption per request, against bare node:http in the same run. Every logged-in page
 * pays this path; the gate's checkCodeInfo (issue 7 target ≥ 50 %, p99 ≤ 25 ms) will build on it.
 */
export async function sessionCheckBench(seconds: number): Promise<BenchReport> {
  const hello = await startHelloServer();
  const app = await startListeningApp({ verifyAnswers: false });
  const token = await app.login('13800000004');
  const { baseline, measured } = await alternate({ url: hello.url, seconds }, {
    url: `${app.origin}/v1/mobile/community/userInfo`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
    seconds,
  });
  await Promise.all([app.close(), hello.close()]);

  return {
    name: `authenticated userInfo (${app.database.kind})`,
    unit: 'req/s',
    baseline: { label: 'node:http hello', value: baseline.requestsPerSecond },
    measured: { label: 'userInfo', value: measured.requestsPerSecond },
    notes: `p99 ${measured.p99Ms} ms (baseline ${baseline.p99Ms} ms); errors ${measured.errors}, non-2xx ${measured.non2xx}`,
  };
}
