import { formatReport, type BenchReport } from './report';
import { activitiesBench } from './activities';
import { runSignupRush } from './activities-rush';
import { boardBench } from './board.bench';
import { clusterBench } from './cluster.bench';
import { couponsBench } from './coupons.bench';
import { couponCounterBench } from './coupon-counter.bench';
import { ordersBench } from './orders.bench';
import { exportBench } from './export.bench';
import { gateHotPathBench } from './gate-hot-path.bench';
import { importBench } from './import.bench';
import { lighthouseBench } from './lighthouse.bench';
import { photoUploadBench } from './photo-upload.bench';
import { pollTailBench } from './poll-tail.bench';
import { rushHourBench } from './rush-hour.bench';
import { scannerSmallBench } from './scanner-small.bench';
import { sessionCheckBench } from './session-check.bench';
import { staffListsBench } from './staff-lists.bench';
import { firstScanBench } from './first-scan.bench';
import { staffScanBench } from './staff-scan.bench';
import { startBench } from './start.bench';
import { webSizeBench } from './web-size.bench';
import { writesBench } from './writes.bench';

// `npm run bench` (BENCH_SECONDS per load phase, default 10). Loopback traffic only.
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
// A bench may print more than one figure (activities: the list, then the sign-up rush).
const benches: [string, () => Promise<BenchReport | BenchReport[]>][] = [
  ['gate-hot-path', () => gateHotPathBench(seconds)],
  ['session-check', () => sessionCheckBench(seconds)],
  ['poll-tail', () => pollTailBench(seconds)],
  // The same staff scanning again, then first scans of fresh passes (issue 32 item 15).
  ['staff-scan', async () => [await staffScanBench(seconds), await firstScanBench(seconds)]],
  ['web-size', webSizeBench],
  ['writes', () => writesBench(seconds)],
  ['staff-lists', () => staffListsBench(seconds)],
  ['export', () => exportBench(seconds)],
  ['import', importBench],
  ['start', startBench],
  ['lighthouse', lighthouseBench],
  ['rush-hour', rushHourBench],
  ['scanner-small', scannerSmallBench],
  ['photo-upload', photoUploadBench],
  ['board', () => boardBench(seconds)],
  ['activities', async () => [await activitiesBench(seconds), await runSignupRush()]],
  ['coupons', () => couponsBench()],
  ['coupon-counter', couponCounterBench],
  ['orders', () => ordersBench()],
  // Not in the default run: it brings up the whole local cluster (patroni, etcd, haproxy from apt).
  ['cluster', () => clusterBench(seconds)],
];

const only = process.argv[2];
for (const [name, run] of benches) {
  if (only ? name !== only : name === 'cluster') continue;
  for (const report of [await run()].flat()) console.log(formatReport(report));
}
process.exit(0);
