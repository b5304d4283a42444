import { describe, expect, it } from 'vitest';
import { dateOf, heldLines } from './moderation-text';

describe('why an item waits', () => {
  it('names the matched keywords, a link and each report reason with its count', () => {
    const lines = heldLines({
      heldReasons: ['keyword', 'link', 'reports'],
      keywords: ['代开发票', '加微信'],
      reports: [
        { reason: 'spam', detail: '', count: 2 },
        { reason: 'fraud', detail: '骗钱的', count: 1 },
      ],
    });
    expect(lines).toEqual(['关键词：代开发票、加微信', '含链接', '被举报 3 次：垃圾广告 ×2；诈骗或虚假信息（骗钱的）']);
  });

  it('says 被举报 even without the reasons, and nothing for a visible item without reports', () => {
    expect(heldLines({ heldReasons: ['reports'], keywords: [], reports: [] })).toEqual(['被举报']);
    expect(heldLines({ heldReasons: [], keywords: [], reports: [] })).toEqual([]);
  });
});

describe('dates', () => {
  it('reads an instant as the Beijing date it falls on', () => {
    // 2026-03-01 23:59:59 Beijing is still 1 March there, already past 15:59 UTC.
    expect(dateOf(Date.parse('2026-03-01T15:59:59Z') / 1000)).toBe('2026-03-01');
    expect(dateOf(Date.parse('2026-03-01T16:00:00Z') / 1000)).toBe('2026-03-02');
  });
});
