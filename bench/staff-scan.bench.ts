import { deployedHttpBench } from './support/deployed-bench';
import { loginAt } from './support/deployed';
import type { BenchReport } from './report';

/**
 * The staff scan (issue 12: ≥ 0.05× bare node:http, no errors): duty staff open a resident's pass
 * QR (POST /v1/userCard/userInfo with the code) – the first open uses the code and logs the entry,
 * every later open by the same staff member (a reload, a second look) shows it again, each one
 * written to the audit log as a whole view of the person's data.
 */
export function staffScanBench(seconds: number): Promise<BenchReport> {
  return deployedHttpBench({
    name: 'staff scan: userInfo with a pass code, scanned again',
    label: 'staff scan',
    seconds,
    goal: 'target ≥ 5 %, no errors',
    async target(app) {
      const [resident, duty] = [await loginAt(app.origin, '13800000004'), await loginAt(app.origin, '13800000003')];
      const my = (await fetch(`${app.origin}/v1/userCard/my?poiId=DEMO000001&pass=1`, { headers: { token: resident } }).then((r) => r.json())) as { data: { userCard: { code: string } } };
      const body = JSON.stringify({ token: duty, poiId: 'DEMO000001', code: my.data.userCard.code, pass: 1 });
      const first = await fetch(`${app.origin}/v1/userCard/userInfo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      if (first.status !== 200) throw new Error(`the first scan answered ${first.status}`);
      return { url: `${app.origin}/v1/userCard/userInfo`, method: 'POST', headers: { 'content-type': 'application/json' }, body };
    },
  });
}
