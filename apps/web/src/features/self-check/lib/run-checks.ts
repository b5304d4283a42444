import { useCallback, useEffect, useRef, useState } from 'react';
import { running, type CheckResult } from './check-result';
import { checkCamera, checkLocation, checkNotifications, checkStorage } from './device-probes';
import { probeServer } from './server-probe';

export type CheckId = 'network' | 'clock' | 'camera' | 'location' | 'notifications' | 'storage';

/** In the order shown and reported: what most often goes wrong first. */
export const CHECKS: { id: CheckId; label: string }[] = [
  { id: 'network', label: '网络连接' },
  { id: 'clock', label: '手机时间' },
  { id: 'camera', label: '摄像头' },
  { id: 'location', label: '定位权限' },
  { id: 'notifications', label: '通知权限' },
  { id: 'storage', label: '本地存储' },
];

type Results = Record<CheckId, CheckResult>;
const allRunning = (): Results => Object.fromEntries(CHECKS.map((c) => [c.id, running()])) as Results;

/**
 * Runs every check at once and again on `rerun`; `set` replaces one row (a 测试 button's answer).
 * `offsetMs`: the server's clock minus the phone's, once known (the report's time uses it).
 */
export function useChecks() {
  const [results, setResults] = useState<Results>(allRunning);
  const [offsetMs, setOffsetMs] = useState<number | null>(null);
  const round = useRef(0);

  // Starts a round of checks; their answers land in the rows as they come.
  const start = useCallback(() => {
    const mine = ++round.current;
    const set = (id: CheckId, result: CheckResult) => {
      // A slow answer of an earlier round must not overwrite the new one.
      if (round.current === mine) setResults((r) => ({ ...r, [id]: result }));
    };
    const guard = (id: CheckId, check: () => Promise<CheckResult>) =>
      void check().then(
        (r) => set(id, r),
        () => set(id, { state: 'fail', summary: '检测出错', advice: '请点「重新检测」；仍出错请告诉客服' }),
      );
    void probeServer(navigator.onLine).then(
      (r) => {
        set('network', r.network);
        set('clock', r.clock);
        if (round.current === mine) setOffsetMs(r.offsetMs);
      },
      () => {
        set('network', { state: 'fail', summary: '检测出错', advice: '请点「重新检测」；仍出错请告诉客服' });
        set('clock', { state: 'warn', summary: '未能检测' });
      },
    );
    guard('camera', checkCamera);
    guard('location', checkLocation);
    guard('notifications', checkNotifications);
    guard('storage', checkStorage);
  }, []);

  useEffect(() => {
    start();
    // Leaving the page: answers still on their way change nothing.
    const rounds = round;
    return () => void rounds.current++;
  }, [start]);

  const run = useCallback(() => {
    setResults(allRunning());
    start();
  }, [start]);

  const set = useCallback((id: CheckId, result: CheckResult) => setResults((r) => ({ ...r, [id]: result })), []);
  return { results, offsetMs, run, set };
}
