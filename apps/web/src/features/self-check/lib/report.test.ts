import { describe, expect, it } from 'vitest';
import { fail, ok, running, warn } from './check-result';
import { buildReport, reportVerdict } from './report';

const checks = [
  { label: '网络连接', result: ok('往返约 42 毫秒') },
  { label: '手机时间', result: fail('手机时间比北京时间慢 2 分 5 秒', '请在手机「设置 → 日期和时间」中打开「自动设置」') },
  { label: '通知权限', result: warn('尚未允许网页通知', '不影响使用') },
  { label: '本地存储', result: ok('可以保存', '（不会写进报告）') },
];
const facts = [
  { label: '应用版本', value: '0.1.0（a5b7e3a，2026-11-27）' },
  { label: '运行环境', value: '微信内置浏览器 8.0.50；已登录；长辈模式关' },
];

describe('reportVerdict', () => {
  it('says 全部正常, or how many and which are wrong, or that it is still checking', () => {
    expect(reportVerdict([checks[0]!, checks[3]!])).toBe('全部正常');
    expect(reportVerdict(checks)).toBe('1 项异常（手机时间），1 项提示（通知权限）');
    expect(reportVerdict([...checks, { label: '摄像头', result: running() }])).toBe('正在检测，还有 1 项');
  });
});

describe('buildReport', () => {
  it('is plain text: Beijing time to the second, the verdict, each check with its state and what to do, then the facts', () => {
    const text = buildReport({ checkedAt: new Date('2026-11-27T06:03:05.900Z'), checks, facts });
    expect(text).toBe(
      [
        '【社区服务 自助检测结果】',
        '检测时间：2026-11-27 14:03:05（北京时间）',
        '结论：1 项异常（手机时间），1 项提示（通知权限）',
        '',
        '—— 检测项目 ——',
        '网络连接：正常｜往返约 42 毫秒',
        '手机时间：异常｜手机时间比北京时间慢 2 分 5 秒',
        '  处理：请在手机「设置 → 日期和时间」中打开「自动设置」',
        '通知权限：提示｜尚未允许网页通知',
        '  处理：不影响使用',
        '本地存储：正常｜可以保存',
        '',
        '—— 设备信息 ——',
        '应用版本：0.1.0（a5b7e3a，2026-11-27）',
        '运行环境：微信内置浏览器 8.0.50；已登录；长辈模式关',
      ].join('\n'),
    );
  });
});
