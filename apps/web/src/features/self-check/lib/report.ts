import { beijingDateTime } from '@sq/contract/beijing-time';
import { STATE_LABEL, type CheckResult } from './check-result';

export interface ReportCheck {
  label: string;
  result: CheckResult;
}

export interface ReportFact {
  label: string;
  value: string;
}

/** The verdict to read out: 全部正常, or how many are wrong and which. */
export function reportVerdict(checks: readonly ReportCheck[]): string {
  const failed = checks.filter((c) => c.result.state === 'fail');
  const warned = checks.filter((c) => c.result.state === 'warn');
  const running = checks.filter((c) => c.result.state === 'running');
  if (running.length) return `正在检测，还有 ${running.length} 项`;
  const parts: string[] = [];
  if (failed.length) parts.push(`${failed.length} 项异常（${failed.map((c) => c.label).join('、')}）`);
  if (warned.length) parts.push(`${warned.length} 项提示（${warned.map((c) => c.label).join('、')}）`);
  return parts.length ? parts.join('，') : '全部正常';
}

/** YYYY-MM-DD HH:mm:ss in Beijing time. */
const withSeconds = (at: Date) => `${beijingDateTime(at)}:${String(at.getUTCSeconds()).padStart(2, '0')}`;

/**
 * The plain-text report a person copies into a chat with the support hotline, or reads out: when
 * (Beijing time by the server's clock when it is known, so a wrong phone clock does not hide it),
 * the verdict, each check with its state and advice, then the facts. It holds what the page
 * found and nothing of the person's: no mobile, token, openId or position.
 */
export function buildReport(input: { checkedAt: Date; checks: readonly ReportCheck[]; facts: readonly ReportFact[] }): string {
  const lines = [
    '【社区服务 自助检测结果】',
    `检测时间：${withSeconds(input.checkedAt)}（北京时间）`,
    `结论：${reportVerdict(input.checks)}`,
    '',
    '—— 检测项目 ——',
    ...input.checks.map(({ label, result }) => [`${label}：${STATE_LABEL[result.state]}｜${result.summary}`, ...(result.advice && result.state !== 'ok' ? [`  处理：${result.advice}`] : [])].join('\n')),
    '',
    '—— 设备信息 ——',
    ...input.facts.map((f) => `${f.label}：${f.value}`),
  ];
  return lines.join('\n');
}
