import { deployedHttpBench } from './support/deployed-bench';
import { loginAt } from './support/deployed';
import type { BenchReport } from './report';

/**
 * The page-load check (issue 12: ≥ 0.3× bare node:http): POST /v1/mobile/community/userInfo, which
 * every logged-in page asks first – session, community membership and the person's mobile.
 */
export function sessionCheckBench(seconds: number): Promise<BenchReport> {
  return deployedHttpBench({
    name: 'page-load check: userInfo',
    label: 'userInfo',
    seconds,
    goal: 'target ≥ 30 %',
    async target(app) {
      const token = await loginAt(app.origin, '13800000004');
      return { url: `${app.origin}/v1/mobile/community/userInfo`, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) };
    },
  });
}
