import { describe, expect, it } from 'vitest';
import { daysProblem, daysText, presetDays, presetOf } from './log-days';
import { exportFields } from './export-fields';

const today = '2026-11-27';

describe('出入记录 date filter', () => {
  it('turns the quick choices into Beijing days and back', () => {
    expect(presetDays('today', today)).toEqual({ from: today, to: today });
    expect(presetDays('yesterday', today)).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    expect(presetDays('week', today)).toEqual({ from: '2026-11-21', to: today });
    expect(presetDays('all', today)).toEqual({ from: '', to: '' });
    expect(presetOf({ from: '2026-11-21', to: today }, today)).toBe('week');
    expect(presetOf({ from: '2026-11-01', to: '2026-11-03' }, today)).toBe('custom');
  });

  it('says a reversed range before asking, and names the days for the export', () => {
    expect(daysProblem({ from: '2026-11-27', to: '2026-11-26' })).toBe('开始日期不能晚于结束日期');
    expect(daysProblem({ from: '2026-11-26', to: '' })).toBeNull();
    expect(daysText({ from: '', to: '' })).toBe('全部出入记录');
    expect(daysText({ from: today, to: today })).toBe('2026-11-27 的出入记录');
    expect(exportFields({ poiId: 'P', from: '2026-11-21', to: today }, 't')).toEqual({ poiId: 'P', token: 't', from: '2026-11-21', to: today });
  });
});
