import { addDays } from '@sq/contract/beijing-time';
import { LogDateMsg } from '@sq/contract/pass/list-entry-logs';

/** 出入记录's date filter: the quick choices a guard or manager uses most, or their own days. */
export type LogDayPreset = 'all' | 'today' | 'yesterday' | 'week' | 'custom';

export interface LogDays {
  from: string;
  to: string;
}

export const PRESET_LABEL: Record<LogDayPreset, string> = { all: '全部', today: '今天', yesterday: '昨天', week: '近7天', custom: '自选日期' };

/** The days a quick choice stands for, on Beijing's `today`; '' for no bound. */
export function presetDays(preset: Exclude<LogDayPreset, 'custom'>, today: string): LogDays {
  if (preset === 'today') return { from: today, to: today };
  if (preset === 'yesterday') return { from: addDays(today, -1), to: addDays(today, -1) };
  if (preset === 'week') return { from: addDays(today, -6), to: today };
  return { from: '', to: '' };
}

/** Which quick choice the days are (the URL keeps the days only). */
export function presetOf(days: LogDays, today: string): LogDayPreset {
  for (const p of ['all', 'today', 'yesterday', 'week'] as const) {
    const d = presetDays(p, today);
    if (d.from === days.from && d.to === days.to) return p;
  }
  return 'custom';
}

/** The server's message for days it would refuse, checked before asking; null when fine. */
export function daysProblem(days: LogDays): string | null {
  if (days.from && days.to && days.from > days.to) return LogDateMsg.order;
  return null;
}

/** What the export button's confirmation names. */
export function daysText(days: LogDays): string {
  if (!days.from && !days.to) return '全部出入记录';
  if (days.from === days.to) return `${days.from} 的出入记录`;
  return `${days.from || '最早'} 至 ${days.to || '今天'} 的出入记录`;
}
