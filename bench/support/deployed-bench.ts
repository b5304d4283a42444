import os from 'node:os';
import { openBenchDatabase, type BenchDatabase } from './bench-app';
import { alternateDeployed, startDeployedApp, startHelloProcess, type DeployedServer } from './deployed';
import type { LoadOptions } from './load';
import type { BenchReport } from '../report';

/** The bench's database (demo data in place), left for the app process to open. */
export async function preparedDatabase(prepare?: (db: BenchDatabase) => Promise<void>): Promise<BenchDatabase> {
  const store = await openBenchDatabase();
  await prepare?.(store);
  await store.close(); // the embedded server stops: the app starts its own on the same DATA_DIR
  return store;
}

interface Options {
  name: string;
  label: string;
  seconds: number;
  /** What each request of the measured phase is, found on the running app (logins, codes…). */
  target(app: DeployedServer): Promise<LoadOptions & { bodies?: string[] }>;
  /** Target wording for the notes, e.g. "target ≥ 50 %, p99 ≤ 25 ms". */
  goal: string;
  prepare?: (db: BenchDatabase) => Promise<void>;
}

/**
 * One HTTP path measured as deployed: the app in its own process with its default access log
 * going to a file, bare node:http in another, each loaded in turn from a third (autocannon). The
 * baseline gets the very requests the app gets (method, headers, bodies) and reads each body; the
 * notes add the same baseline asked a bodiless GET, the figure of the earlier runs (bench/README.md).
 */
export async function deployedHttpBench(o: Options): Promise<BenchReport> {
  const store = await preparedDatabase(o.prepare);
  const [app, hello] = await Promise.all([startDeployedApp(store.env), startHelloProcess()]);
  try {
    const target = await o.target(app);
    const seconds = o.seconds;
    const { sameRequest, get, measured } = await alternateDeployed({
      sameRequest: { ...target, url: hello.url, seconds },
      get: { url: hello.url, seconds },
      measured: { ...target, seconds },
    });
    const getRatio = ((100 * measured.requestsPerSecond) / get.requestsPerSecond).toFixed(1);
    return {
      name: `${o.name} (${store.database.kind}, as deployed: app, baseline and load generator in separate processes, access log to a file)`,
      unit: 'req/s',
      baseline: { label: 'node:http, the same requests', value: sameRequest.requestsPerSecond },
      measured: { label: o.label, value: measured.requestsPerSecond },
      notes: [
        `${o.goal}; p99 ${measured.p99Ms} ms (baseline ${sameRequest.p99Ms} ms); errors ${measured.errors}, non-2xx ${measured.non2xx}`,
        `node:http asked a bodiless GET: ${Math.round(get.requestsPerSecond).toLocaleString('en-US')} req/s, ratio ${getRatio} %; load average ${os.loadavg()[0]!.toFixed(2)}`,
      ].join('\n    '),
    };
  } finally {
    await Promise.all([app.stop(), hello.stop()]);
    await store.drop();
  }
}
