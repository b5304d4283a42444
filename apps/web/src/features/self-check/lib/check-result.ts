/** A check's state: 检测中, 正常, 提示 (worth knowing, nothing broken), 异常 (something to fix). */
export type CheckState = 'running' | 'ok' | 'warn' | 'fail';

export const STATE_LABEL: Record<CheckState, string> = { running: '检测中', ok: '正常', warn: '提示', fail: '异常' };

export interface CheckResult {
  state: CheckState;
  /** One line: what was found. */
  summary: string;
  /** What to do about it, when there is something to do. */
  advice?: string;
}

export const running = (): CheckResult => ({ state: 'running', summary: '正在检测…' });
export const ok = (summary: string, advice?: string): CheckResult => ({ state: 'ok', summary, advice });
export const warn = (summary: string, advice?: string): CheckResult => ({ state: 'warn', summary, advice });
export const fail = (summary: string, advice?: string): CheckResult => ({ state: 'fail', summary, advice });
