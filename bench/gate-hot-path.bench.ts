import { deployedHttpBench } from './support/deployed-bench';
import { loginAt } from './support/deployed';
import type { BenchReport } from './report';

/**
 * The gate hot path (issue 12: ≥ 0.5× bare node:http with the default access log on, p99 ≤ 25 ms):
 * every resident waiting at the gate asks POST /v1/userCard/checkCodeInfo every 2 s with a real code.
 */
export function gateHotPathBench(seconds: number): Promise<BenchReport> {
  return deployedHttpBench({
    name: 'gate hot path: checkCodeInfo',
    label: 'checkCodeInfo',
    seconds,
    goal: 'target ≥ 50 %, p99 ≤ 25 ms',
    async target(app) {
      const token = await loginAt(app.origin, '13800000004');
      const my = (await fetch(`${app.origin}/v1/userCard/my?poiId=DEMO000001&pass=1`, { headers: { token } }).then((r) => r.json())) as { data: { userCard: { code: string } } };
      return {
        url: `${app.origin}/v1/userCard/checkCodeInfo`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, poiId: 'DEMO000001', code: my.data.userCard.code }),
      };
    },
  });
}
