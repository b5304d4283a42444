import { healthCall } from '@sq/contract/health';
import { buildRequest } from '../../../lib/api-request';
import { API_BASE } from '../../../lib/api-base';
import { fail, ok, warn, type CheckResult } from './check-result';
import { clockCheck, clockOffset, type TimeSample } from './clock-offset';

/** Round trips asked for: the shortest decides the clock, the middle one the speed shown. */
const TRIPS = 3;
/** Longer than this and the network is called slow: a page then waits seconds for each answer. */
const SLOW_MS = 1000;
/** One request's limit (the spec's location timeout, the longest wait the app asks of anyone). */
const TIMEOUT_MS = 10_000;

type Trip = { sample: TimeSample | null; ms: number } | { status: number } | { error: 'offline' | 'timeout' };

/** One GET /healthz, no token, no cache, timed on the phone's clock and on its monotonic one. */
async function trip(): Promise<Trip> {
  const { url, init } = buildRequest(healthCall, undefined, null, API_BASE);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  const sentAt = Date.now();
  const started = performance.now();
  try {
    const res = await fetch(url, { ...init, cache: 'no-store', signal: controller.signal });
    const body = (await res.json().catch(() => null)) as { data?: { serverTime?: unknown } } | null;
    const ms = performance.now() - started;
    const receivedAt = Date.now();
    if (!res.ok) return { status: res.status };
    // An older server answers no serverTime: its Date header still tells the second.
    const stated = body?.data?.serverTime;
    const header = Date.parse(res.headers.get('date') ?? '');
    const serverTime = typeof stated === 'number' ? stated : Number.isFinite(header) ? header + 500 : NaN;
    return { sample: Number.isFinite(serverTime) ? { sentAt, receivedAt, serverTime } : null, ms };
  } catch {
    return { error: controller.signal.aborted ? 'timeout' : 'offline' };
  } finally {
    clearTimeout(timer);
  }
}

const roundMs = (ms: number) => (ms < 1000 ? `${Math.max(1, Math.round(ms))} 毫秒` : `${(ms / 1000).toFixed(1)} 秒`);

/** The network row and the clock row, from a few round trips to the server's health check. */
export async function probeServer(online: boolean): Promise<{ network: CheckResult; clock: CheckResult; offsetMs: number | null }> {
  const trips: Trip[] = [];
  for (let i = 0; i < TRIPS; i++) {
    const t = await trip();
    trips.push(t);
    // No answer at all: asking twice more only makes the person wait.
    if ('error' in t) break;
  }
  const answered = trips.filter((t): t is Extract<Trip, { ms: number }> => 'ms' in t);
  const refused = trips.find((t): t is Extract<Trip, { status: number }> => 'status' in t);
  const noClock = { clock: warn('未能检测', '连上服务器后才能核对手机时间，请先解决网络问题'), offsetMs: null };

  if (!answered.length) {
    if (refused) {
      return {
        network: fail(`连上了服务器，但它暂时不能提供服务（${refused.status}）`, refused.status === 503 ? '服务器正在维护或繁忙，请稍后再试；一直这样请告诉客服' : '请稍后再试；一直这样请告诉客服'),
        ...noClock,
      };
    }
    const error = trips.find((t): t is Extract<Trip, { error: string }> => 'error' in t)?.error;
    if (!online) return { network: fail('手机没有连接网络', '请打开移动数据或连接 Wi-Fi，再点「重新检测」'), ...noClock };
    return {
      network: fail(error === 'timeout' ? `服务器 ${TIMEOUT_MS / 1000} 秒内没有回应` : '连不上服务器', '请换个信号好的地方，或在 Wi-Fi 和移动数据之间切换后重新检测；仍不行请告诉客服'),
      ...noClock,
    };
  }

  const times = answered.map((t) => t.ms).sort((a, b) => a - b);
  const middle = times[Math.floor(times.length / 2)]!;
  const network =
    middle > SLOW_MS
      ? warn(`网络较慢：往返约 ${roundMs(middle)}`, '打开页面和出示通行证会变慢：请到信号好的地方，或换用 Wi-Fi')
      : ok(`网络通畅（往返约 ${roundMs(middle)}）`);
  const offset = clockOffset(answered.flatMap((t) => (t.sample ? [t.sample] : [])));
  if (!offset) return { network, clock: warn('未能检测', '服务器没有告知时间，请告诉客服'), offsetMs: null };
  return { network, clock: clockCheck(offset.offsetMs), offsetMs: offset.offsetMs };
}
