import { fail, ok, type CheckResult } from './check-result';

/**
 * Beyond this the phone's clock is called wrong: a pass code lives 30 s (the page makes codes on
 * the server's time as measured at its last fetch, but shows its clock on the phone's; a phone
 * corrected after that fetch shows, offline, a code of another step than the gate expects).
 */
export const CLOCK_TOLERANCE_MS = 30_000;

/** One round trip to the server: the phone's clock when it asked and when the answer came, and the server's clock in the answer. */
export interface TimeSample {
  sentAt: number;
  receivedAt: number;
  serverTime: number;
}

/**
 * The server's clock minus the phone's, from the sample with the shortest round trip (the
 * answer's moment is taken as the middle of the trip, so the error is at most half of it).
 */
export function clockOffset(samples: readonly TimeSample[]): { offsetMs: number; errorMs: number } | null {
  const valid = samples.filter((s) => s.receivedAt >= s.sentAt && Number.isFinite(s.serverTime));
  if (!valid.length) return null;
  const best = valid.reduce((a, b) => (b.receivedAt - b.sentAt < a.receivedAt - a.sentAt ? b : a));
  return { offsetMs: Math.round(best.serverTime - (best.sentAt + best.receivedAt) / 2), errorMs: Math.ceil((best.receivedAt - best.sentAt) / 2) };
}

/** 2 分 5 秒, 1 小时 3 分, 45 秒, 3 天 2 小时: whole units, the two largest. */
export function spokenDuration(ms: number): string {
  let s = Math.round(Math.abs(ms) / 1000);
  const parts: string[] = [];
  for (const [size, unit] of [[86_400, '天'], [3_600, '小时'], [60, '分'], [1, '秒']] as const) {
    if (s >= size || (size === 1 && !parts.length)) {
      parts.push(`${Math.floor(s / size)} ${unit}`);
      s %= size;
    }
  }
  return parts.slice(0, 2).join(' ');
}

/** The clock row: right within CLOCK_TOLERANCE_MS, else how far and which way, and how to fix it. */
export function clockCheck(offsetMs: number): CheckResult {
  // The offset is the server minus the phone: a positive one means the phone is behind.
  if (Math.abs(offsetMs) <= CLOCK_TOLERANCE_MS) {
    return ok(Math.abs(offsetMs) < 1000 ? '与北京时间一致（相差不到 1 秒）' : `与北京时间相差 ${spokenDuration(offsetMs)}，在允许范围内`);
  }
  return fail(
    `手机时间比北京时间${offsetMs > 0 ? '慢' : '快'} ${spokenDuration(offsetMs)}`,
    '动态通行码每 30 秒按北京时间更换，通行证上的时钟却按手机时间显示，门岗会据此核对；手机时间之后被校正时，没有网络时出示的通行码可能被拒绝。请在手机「设置 → 日期和时间」中打开「自动设置」，再打开一次通行证。',
  );
}
